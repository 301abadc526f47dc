import { describe, expect, it } from 'vitest';
import {
  DATA_RECORD_SCHEMAS,
  DataFileLineEnvelope,
  fileRoutes,
  KnownDataFileLine,
  partnerRoutes,
} from '../src/partner/index.js';

const title = { id: 't1', service: 'svc-a', name: 'N', watch_now_url: 'https://example.com/t1' };

describe('partner data file schemas', () => {
  it('parses an upsert of each known kind', () => {
    const lines = [
      {
        kind: 'history_entry',
        op: 'upsert',
        key: 'h1',
        data: { title, completion_percentage: 50, watched_at: '2026-01-01T00:00:00Z' },
      },
      { kind: 'watchlist_item', op: 'upsert', key: 'w1', data: { category: 'saved', title } },
      { kind: 'rating', op: 'upsert', key: 'r1', data: { title, stars: 4 } },
    ];
    for (const line of lines) expect(KnownDataFileLine.safeParse(line).success).toBe(true);
  });
  it('parses a delete without data', () => {
    expect(KnownDataFileLine.safeParse({ kind: 'rating', op: 'delete', key: 'r1' }).success).toBe(true);
  });
  it('validates data per kind with the path of the bad field', () => {
    const r = DATA_RECORD_SCHEMAS.history_entry.safeParse({ title, completion_percentage: 140, watched_at: 'x' });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['completion_percentage', 'watched_at']);
  });
  it('reads the envelope of an unknown kind', () => {
    expect(DataFileLineEnvelope.parse({ kind: 'badge', op: 'upsert', key: 'b', data: 1 })).toMatchObject({
      kind: 'badge',
    });
  });
  it('refuses an empty key', () => {
    expect(DataFileLineEnvelope.safeParse({ kind: 'rating', op: 'delete', key: '' }).success).toBe(false);
  });
  it('merges the file route into partnerRoutes', () => {
    expect(partnerRoutes['GET /v1/files/{file_id}']).toBe(fileRoutes['GET /v1/files/{file_id}']);
    expect(partnerRoutes['GET /v1/files/{file_id}'].auth).toBe('apiKey');
  });
});
