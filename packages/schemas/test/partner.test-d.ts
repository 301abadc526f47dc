import { describe, expectTypeOf, it } from 'vitest';
import type { ExtensionToPageMessage } from '../src/bridge/index.js';
import type { PartnerWebhookEvent } from '../src/partner/index.js';

describe('partner types', () => {
  it('webhook union carries the four known types plus a string fallback', () => {
    expectTypeOf<PartnerWebhookEvent['type']>().toEqualTypeOf<string>();
    expectTypeOf<Extract<PartnerWebhookEvent, { type: 'DeltaFilePosted' }>>().toHaveProperty('user_id');
  });
  it('bridge messages all carry a request id', () => {
    expectTypeOf<ExtensionToPageMessage['request_id']>().toEqualTypeOf<string>();
  });
});
