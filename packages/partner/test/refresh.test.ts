import { ConflictError, ValidationError } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { RefreshRefusedError, UserActionRequiredError } from '../src/index.js';
import { usePartnerFake } from './fixtures.js';

const HOOK = 'http://127.0.0.1:4021/webhooks/viewlink';
const setup = usePartnerFake({ webhookUrl: HOOK, webhookSecret: 'whsec_refresh_test' });

describe('user.refresh()', () => {
  it("is accepted (202) for { trigger: 'user-action' }; completion arrives by webhook", async () => {
    const events: unknown[] = [];
    setup.server.use(
      http.post(HOOK, async ({ request }) => {
        events.push({ signature: request.headers.get('signature'), body: await request.json() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const accepted = await setup.client().user('demo-user').refresh({ trigger: 'user-action', service: 'cineplus' });
    expect(accepted).toMatchObject({ refresh_id: expect.any(String), status: 'accepted', services: ['cineplus'] });
    await setup.fake().webhooks.settle();
    expect(events).toEqual([
      {
        signature: 'whsec_refresh_test',
        body: expect.objectContaining({
          type: 'UserDataRefreshCompleted',
          user_id: 'demo-user',
          refresh_id: accepted.refresh_id,
        }),
      },
    ]);
  });

  it('refuses a call without the user-action trigger at run time, sending nothing', async () => {
    const user = setup.client().user('demo-user');
    for (const options of [undefined, {}, { trigger: 'schedule' }, { trigger: 'user' }, { initiatedBy: 'user' }]) {
      const error = await user.refresh(options as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserActionRequiredError);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['trigger']);
      // Named at the call, the parameter first (it read "Invalid refresh() options: pass ...: trigger: ...").
      expect((error as Error).message).toBe(
        "user.refresh(): trigger must be 'user-action': pass it only from a user's explicit refresh action (no scheduled refreshes)",
      );
    }
    await expect(user.refresh({ trigger: 'user-action', force: 'yes' as never })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(setup.fake().requestCount()).toBe(0);
  });

  it('refuses a second refresh of the same account within the cooldown unless forced', async () => {
    const client = setup.client({ refresh: { cooldownMs: 15 * 60_000 } });
    const user = client.user('demo-user');
    await user.refresh({ trigger: 'user-action', service: 'cineplus' });
    const error = await user.refresh({ trigger: 'user-action', service: 'cineplus' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshRefusedError);
    expect(error).toMatchObject({ reason: 'cooldown', service: 'cineplus', code: 'refresh_cooldown' });
    expect((error as RefreshRefusedError).retryAfterMs).toBe(15 * 60_000);
    // Another account is not blocked; a refresh of everything is.
    setup.clock.advance(1_000);
    await user.refresh({ trigger: 'user-action', service: 'streamflix' });
    setup.clock.advance(1_000);
    await expect(user.refresh({ trigger: 'user-action' })).rejects.toMatchObject({ reason: 'cooldown' });
    // force: the user asked again on purpose.
    await user.refresh({ trigger: 'user-action', service: 'cineplus', force: true });
    expect(setup.fake().stats.refreshes).toBe(3);
    // After the window, allowed again.
    setup.clock.advance(15 * 60_000);
    await user.refresh({ trigger: 'user-action', service: 'cineplus' });
    expect(setup.fake().stats.refreshes).toBe(4);
  });

  it('refuses calls in a tight loop, even forced', async () => {
    const client = setup.client({ refresh: { maxPerSecond: 3 } });
    const user = client.user('demo-user');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => user.refresh({ trigger: 'user-action', force: true })),
    );
    const refused = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof RefreshRefusedError && o.reason.reason === 'burst',
    );
    expect(refused).toHaveLength(7);
    expect(setup.fake().stats.refreshes).toBe(3);
    setup.clock.advance(1_000);
    await expect(user.refresh({ trigger: 'user-action', force: true })).resolves.toBeDefined();
  });

  it('does not start the cooldown when the server refused the refresh', async () => {
    const user = setup.client().user('demo-user');
    const broken = await user.refresh({ trigger: 'user-action', service: 'tubely' }).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ConflictError);
    expect(broken).toMatchObject({ code: 'account_broken', status: 409 });
    setup.clock.advance(1_000);
    setup.fake().users.link('demo-user', 'tubely', 'active');
    await expect(user.refresh({ trigger: 'user-action', service: 'tubely' })).resolves.toBeDefined();
  });

  it('is never retried (POST): a 503 surfaces after one request', async () => {
    setup.fake().faults.add({ route: 'POST /v1/user/refresh', status: 503 });
    const user = setup.client().user('demo-user');
    await expect(user.refresh({ trigger: 'user-action' })).rejects.toMatchObject({ status: 503 });
    expect(setup.fake().requestCount('POST /v1/user/refresh')).toBe(1);
  });
});
