/**
 * The linked account's life in the Partner fake: the service catalog, break / re-link / disconnect
 * with the webhooks each sends, and the sandbox control routes (fire any webhook, link faults,
 * refusal of unknown control routes and fault targets).
 */
import { PartnerWebhookEvent, ServiceCatalog } from '@viewlink/schemas';
import { ValidationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { createPartnerFake } from '../src/index.js';

const BASE = 'http://fake.test';

function setUp() {
  const sent: PartnerWebhookEvent[] = [];
  const fake = createPartnerFake({
    webhookUrl: 'http://hooks.test/viewlink',
    refreshDelayMs: 1,
    fetch: async (_url, init) => {
      sent.push(PartnerWebhookEvent.parse(JSON.parse(String(init?.body))));
      return new Response(null, { status: 204 });
    },
  });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fake.handle(new Request(`${BASE}${path}`, init));
    return { status: response.status, body: await response.json() };
  };
  const tokenFor = async (userId: string) => fake.issueTokenPair(userId).access_token;
  const settled = async () => {
    await fake.webhooks.settle();
    return sent;
  };
  return { fake, call, tokenFor, settled };
}

describe('Partner fake: service catalog', () => {
  it('serves the 14 services without a credential', async () => {
    const { call } = setUp();
    const { status, body } = await call('GET', '/v1/services');
    expect(status).toBe(200);
    const catalog = ServiceCatalog.parse(body);
    expect(catalog.services).toHaveLength(14);
    expect(catalog.services[0]).toMatchObject({ id: 'streamflix', name: 'Streamflix', link_available: true });
  });
});

describe('Partner fake: a linked account breaks, is re-linked, is disconnected', () => {
  it('break sends LinkedAccountBroken; a re-link keeps the id and history and sends LinkedAccountRepaired', async () => {
    const { fake, call, tokenFor, settled } = setUp();
    const token = await tokenFor('demo-user');
    const before = fake.users.get('demo-user')?.accounts.get('streamflix');
    const history = fake.users.get('demo-user')?.history.size;
    const broke = await call('POST', '/__mock/users/demo-user/accounts/streamflix/break', {
      reason: 'session-expired',
    });
    expect(broke.body.account).toMatchObject({ status: 'broken', broken_reason: 'session-expired' });
    expect((await call('POST', '/v1/user/refresh', { service: 'streamflix' }, token)).status).toBe(409);
    const relinked = await call('POST', '/__mock/users/demo-user/accounts', {
      service: 'streamflix',
      profile_id: 'prof_kids',
      profile_name: 'Kids',
      link_session_id: 'lnk_1',
    });
    expect(relinked.body).toMatchObject({ id: before?.id, status: 'active', relinked: true, profile_id: 'prof_kids' });
    expect(relinked.body.broken_reason).toBeUndefined();
    expect(fake.users.get('demo-user')?.history.size).toBe(history);
    const events = await settled();
    expect(events.map((e) => e.type)).toEqual(['LinkedAccountBroken', 'LinkedAccountRepaired']);
    expect(events[0]).toMatchObject({
      linked_account_id: before?.id,
      service: 'streamflix',
      reason: 'session-expired',
    });
    expect(events[1]).toMatchObject({
      linked_account_id: before?.id,
      link_session_id: 'lnk_1',
      profile_id: 'prof_kids',
    });
  });

  it('the user disconnects with keep_data: the account stops counting and leaves the reads; a repeat sends nothing more', async () => {
    const { call, tokenFor, settled } = setUp();
    const token = await tokenFor('demo-user');
    const linkedBefore = (await call('GET', '/__mock/stats')).body.linked_accounts;
    const accounts = (await call('GET', '/v1/user/accounts', undefined, token)).body.accounts;
    const cineplus = accounts.find((a: { service: string }) => a.service === 'cineplus');
    const path = `/v1/user/accounts/${cineplus.id}/disconnect`;
    expect((await call('POST', path, {}, token)).status).toBe(400); // the choice is required
    const done = await call('POST', path, { keep_data: false }, token);
    expect(done).toMatchObject({ status: 200, body: { keep_data: false, account: { status: 'disconnected' } } });
    expect((await call('GET', '/__mock/stats')).body.linked_accounts).toBe(linkedBefore - 1);
    const feeds = (await call('GET', '/v1/user/recommendations', undefined, token)).body.feeds;
    expect(feeds.map((f: { service: string }) => f.service)).not.toContain('cineplus');
    expect((await call('POST', path, { keep_data: false }, token)).status).toBe(200);
    expect((await call('POST', '/v1/user/accounts/acc_nope/disconnect', { keep_data: true }, token)).status).toBe(404);
    const events = await settled();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'LinkedAccountDisconnected', keep_data: false, service: 'cineplus' });
  });

  it('control disconnect and repair need an account the user has', async () => {
    const { call } = setUp();
    const missing = await call('POST', '/__mock/users/new-user/accounts/streamflix/disconnect', { keep_data: true });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'account_not_found' } } });
    const repaired = await call('POST', '/__mock/users/demo-user/accounts/tubely/repair', {});
    expect(repaired.body.event).toMatchObject({ type: 'LinkedAccountRepaired', service: 'tubely' });
  });
});

describe('Partner fake: sandbox control routes', () => {
  it('fires any webhook: a known type is checked, an unknown one is sent as is', async () => {
    const { call } = setUp();
    const bad = await call('POST', '/__mock/webhook/events', { type: 'LinkedAccountDisconnected', user_id: 'u1' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('linked_account_id');
    expect(bad.body.error.message).toContain('keep_data');
    const fired = await call('POST', '/__mock/webhook/events', { type: 'BrandNewEvent', user_id: 'u1', extra: 1 });
    expect(fired).toMatchObject({ status: 201, body: { status: 204, event: { type: 'BrandNewEvent', extra: 1 } } });
    expect(fired.body.event.id).toMatch(/^evt_/);
  });

  it('queues link faults per step for the test extension and refuses an unknown step by name', async () => {
    const { call } = setUp();
    expect((await call('POST', '/__mock/link-faults', { step: 'awaiting-mfa', reason: 'mfa-timeout' })).status).toBe(
      201,
    );
    expect((await call('POST', '/__mock/link-faults/take', { step: 'login-opened' })).body).toEqual({ fault: null });
    const taken = await call('POST', '/__mock/link-faults/take', { step: 'awaiting-mfa' });
    expect(taken.body.fault).toMatchObject({ step: 'awaiting-mfa', reason: 'mfa-timeout' });
    expect((await call('POST', '/__mock/link-faults/take', { step: 'awaiting-mfa' })).body).toEqual({ fault: null });
    const unknown = await call('POST', '/__mock/link-faults', { step: 'awaiting-mfaa', reason: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('step');
  });

  it('closes a service to new links in the catalog, and refuses a service it does not have by name', async () => {
    const { call } = setUp();
    const closed = await call('PUT', '/__mock/services/cineplus', { link_available: false });
    expect(closed.body).toMatchObject({ id: 'cineplus', link_available: false });
    const catalog = ServiceCatalog.parse((await call('GET', '/v1/services')).body);
    expect(catalog.services.find((s) => s.id === 'cineplus')?.link_available).toBe(false);
    const unknown = await call('PUT', '/__mock/services/cineplux', { link_available: false });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'unknown_service' } } });
    expect(unknown.body.error.message).toContain('cineplux');
  });

  it('refuses a fault aimed at no route, or doing nothing, naming the problem', async () => {
    const { call } = setUp();
    const typo = await call('POST', '/__mock/faults', { route: 'GET /v1/user/watchlis', status: 503 });
    expect(typo).toMatchObject({ status: 400, body: { error: { code: 'unknown_fault_route' } } });
    expect(typo.body.error.message).toContain('"GET /v1/user/watchlis"');
    const idle = await call('POST', '/__mock/faults', { route: 'GET /v1/user/watchlist' });
    expect(idle).toMatchObject({ status: 400, body: { error: { code: 'empty_fault' } } });
    expect((await call('POST', '/__mock/faults', { route: '*', status: 503 })).status).toBe(201);
  });

  it('faults.add() in process refuses what the control route refuses, with a ValidationError at the call', () => {
    const { fake } = setUp();
    const refusal = (fault: Parameters<typeof fake.faults.add>[0]) => {
      try {
        fake.faults.add(fault);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as Error).message;
      }
      return 'added';
    };
    expect(refusal({ route: 'GET /v1/user/watchlis', status: 503 })).toMatch(
      /^faults\.add\(\): route "GET \/v1\/user\/watchlis" is not a Partner API route; use "\*" or one of: .*GET \/v1\/user\/watchlist,/,
    );
    expect(refusal({ route: 'GET /v1/user/watchlist' })).toBe(
      'faults.add(): The fault does nothing: give status, reset, truncate, drift or delay_ms',
    );
    expect(refusal({ route: 'GET /v1/user/watchlist', status: 200 })).toMatch(/^faults\.add\(\): status /);
    expect(refusal({ route: 'GET /v1/user/watchlist', status: 503, times: 0 })).toMatch(/^faults\.add\(\): times /);
    expect(refusal({ route: 'GET /v1/user/watchlist', status: 503, retry_after: 1, statsu: 500 } as never)).toMatch(
      /statsu/,
    );
    expect(fake.faults.list()).toEqual([]);
    expect(refusal({ route: '*', status: 503 })).toBe('added');
  });

  it('refuses a data-file field its type does not use, rather than ignoring it', async () => {
    const { call } = setUp();
    expect((await call('POST', '/__mock/users/demo-user/files', { type: 'initial', records: 10 })).status).toBe(201);
    // `records` sized only the initial file: a delta asked for 5 records came with 28.
    const delta = await call('POST', '/__mock/users/demo-user/files', { type: 'delta', records: 5 });
    expect(delta).toMatchObject({ status: 400, body: { error: { code: 'unused_file_field' } } });
    expect(delta.body.error.message).toBe("records sizes an 'initial' file only; a 'delta' file is not sized by it");
    const reason = await call('POST', '/__mock/users/demo-user/files', { type: 'initial', reason: 'relinked' });
    expect(reason.body.error.message).toBe("reason is sent with a 'user' file only, not with an 'initial' file");
    expect((await call('POST', '/__mock/users/demo-user/files', { type: 'user', reason: 'relinked' })).status).toBe(
      201,
    );
  });

  it('refuses an unknown control route with a 400 that names it', async () => {
    const { call } = setUp();
    const res = await call('POST', '/__mock/users/demo-user/accounts/streamflix/brake', {});
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'unknown_control_route' } } });
    expect(res.body.error.message).toContain('POST /__mock/users/demo-user/accounts/streamflix/brake');
  });
});
