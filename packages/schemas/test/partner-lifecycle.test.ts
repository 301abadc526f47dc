/** Schemas of a linked account's life: the service catalog, disconnect, and the account webhooks. */
import { describe, expect, it } from 'vitest';
import {
  DisconnectRequest,
  KNOWN_STREAMING_SERVICE_IDS,
  KnownWebhookEvent,
  PartnerWebhookEvent,
  partnerRoutes,
  ServiceCatalog,
  WEBHOOK_EVENT_SCHEMAS,
} from '../src/partner/index.js';

const envelope = { id: 'evt_1', user_id: 'u1', occurred_at: '2026-01-01T00:00:00Z' };
const account = { linked_account_id: 'acc_1', service: 'streamflix' };

describe('service catalog', () => {
  it('knows 14 distinct service ids, each a valid slug', () => {
    expect(new Set(KNOWN_STREAMING_SERVICE_IDS).size).toBe(14);
    for (const id of KNOWN_STREAMING_SERVICE_IDS) expect(id).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
  });
  it('parses a catalog with a new service and an unknown browser, and refuses a bad country code', () => {
    const entry = { id: 'brand-new', name: 'Brand New', countries: ['US'], link_available: true };
    const out = ServiceCatalog.parse({ services: [{ ...entry, link_browsers: ['chrome', 'arc'], extra: 1 }] });
    expect(out.services[0]).toMatchObject({ id: 'brand-new', extra: 1 });
    const bad = ServiceCatalog.safeParse({ services: [{ ...entry, countries: ['usa'] }] });
    expect(bad.error?.issues[0]?.path).toEqual(['services', 0, 'countries', 0]);
  });
  it('is a public route (no credential) in the table', () => {
    expect(partnerRoutes['GET /v1/services'].auth).toBe('none');
  });
});

describe('disconnect', () => {
  it('requires the keep_data choice, with no default', () => {
    expect(DisconnectRequest.safeParse({}).error?.issues[0]?.path).toEqual(['keep_data']);
    expect(DisconnectRequest.safeParse({ keep_data: 'yes' }).success).toBe(false);
    expect(DisconnectRequest.parse({ keep_data: false })).toEqual({ keep_data: false });
  });
});

describe('linked-account webhooks', () => {
  it('parses broken, repaired and disconnected events, keeping unknown reasons', () => {
    const broken = KnownWebhookEvent.parse({ ...envelope, ...account, type: 'LinkedAccountBroken', reason: 'new-one' });
    expect(broken).toMatchObject({ type: 'LinkedAccountBroken', reason: 'new-one' });
    const repaired = { ...envelope, ...account, type: 'LinkedAccountRepaired', link_session_id: 'lnk_1' };
    expect(KnownWebhookEvent.parse(repaired)).toMatchObject({ link_session_id: 'lnk_1' });
    const gone = { ...envelope, ...account, type: 'LinkedAccountDisconnected', keep_data: true };
    expect(KnownWebhookEvent.parse(gone)).toMatchObject({ keep_data: true });
  });
  it('requires keep_data on a disconnect and the account id on every account event', () => {
    const gone = { ...envelope, ...account, type: 'LinkedAccountDisconnected' };
    expect(WEBHOOK_EVENT_SCHEMAS.LinkedAccountDisconnected.safeParse(gone).error?.issues[0]?.path).toEqual([
      'keep_data',
    ]);
    const noId = { ...envelope, service: 'streamflix', type: 'LinkedAccountBroken' };
    expect(WEBHOOK_EVENT_SCHEMAS.LinkedAccountBroken.safeParse(noId).error?.issues[0]?.path).toEqual([
      'linked_account_id',
    ]);
  });
  it('still lets an unknown event type through', () => {
    expect(PartnerWebhookEvent.parse({ type: 'LinkedAccountMerged', id: 'evt_2' })).toMatchObject({
      type: 'LinkedAccountMerged',
    });
  });
});
