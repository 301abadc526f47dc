import { describe, expect, it } from 'vitest';
import { KnownWebhookEvent, PartnerWebhookEvent, WEBHOOK_EVENT_SCHEMAS } from '../src/partner/index.js';

const envelope = { id: 'evt_1', user_id: 'u1', occurred_at: '2026-01-01T00:00:00Z' };
const file = { id: 'file_1', format: 'ndjson', compression: 'gzip', record_count: 3 };

describe('partner webhook event schemas', () => {
  it('parses a refresh completion with extra fields kept', () => {
    const out = KnownWebhookEvent.parse({
      ...envelope,
      type: 'UserDataRefreshCompleted',
      refresh_id: 'ref_1',
      services: ['svc-a'],
      status: 'completed',
      brand_new: true,
    });
    expect(out).toMatchObject({ type: 'UserDataRefreshCompleted', refresh_id: 'ref_1', brand_new: true });
  });
  it('parses a daily refresh completion without refresh_id', () => {
    expect(KnownWebhookEvent.safeParse({ ...envelope, type: 'UserDataRefreshCompleted' }).success).toBe(true);
  });
  it('requires the file descriptor and sequence on file events', () => {
    const ok = { ...envelope, type: 'InitialFilePosted', file, sequence: 4 };
    expect(KnownWebhookEvent.safeParse(ok).success).toBe(true);
    const r = WEBHOOK_EVENT_SCHEMAS.InitialFilePosted.safeParse({ ...ok, file: { ...file, id: undefined } });
    expect(r.error?.issues[0]?.path).toEqual(['file', 'id']);
  });
  it('requires base_sequence on a delta', () => {
    const delta = { ...envelope, type: 'DeltaFilePosted', file, sequence: 5 };
    expect(WEBHOOK_EVENT_SCHEMAS.DeltaFilePosted.safeParse(delta).error?.issues[0]?.path).toEqual(['base_sequence']);
    expect(KnownWebhookEvent.safeParse({ ...delta, base_sequence: 4 }).success).toBe(true);
  });
  it('accepts an unknown compression and format (the reader refuses them by name)', () => {
    const out = KnownWebhookEvent.parse({
      ...envelope,
      type: 'UserFilePosted',
      file: { ...file, compression: 'zstd', format: 'parquet' },
      sequence: 9,
    });
    expect(out).toMatchObject({ file: { compression: 'zstd' } });
  });
  it('rejects a sha256 that is not lowercase hex', () => {
    const r = WEBHOOK_EVENT_SCHEMAS.UserFilePosted.safeParse({
      ...envelope,
      type: 'UserFilePosted',
      file: { ...file, sha256: 'XYZ' },
      sequence: 1,
    });
    expect(r.error?.issues[0]?.path).toEqual(['file', 'sha256']);
  });
  it('still parses an unknown event type as a generic event', () => {
    expect(PartnerWebhookEvent.parse({ type: 'AccountBroken', id: 'e' })).toMatchObject({ type: 'AccountBroken' });
  });
});
