import { describe, expectTypeOf, it } from 'vitest';
import type {
  BridgeConnectRequest,
  BridgeConnectResult,
  BridgeError,
  ConsentRecord,
  ExtensionToPageMessage,
  PageToExtensionMessage,
} from '../src/bridge/index.js';

describe('bridge types', () => {
  it('every message carries the envelope', () => {
    expectTypeOf<ExtensionToPageMessage['channel']>().toEqualTypeOf<'viewlink-bridge'>();
    expectTypeOf<PageToExtensionMessage['request_id']>().toEqualTypeOf<string>();
    expectTypeOf<PageToExtensionMessage['version']>().toEqualTypeOf<number>();
  });
  it('types stay open for unknown messages and codes', () => {
    expectTypeOf<ExtensionToPageMessage['type']>().toEqualTypeOf<string>();
    // Known codes autocomplete; any other string still type-checks.
    expectTypeOf<'user-cancelled'>().toExtend<BridgeError['code']>();
    expectTypeOf<'a-code-from-a-newer-extension'>().toExtend<BridgeError['code']>();
  });
  it('the page only sees the result of a link, never credentials', () => {
    expectTypeOf<Pick<BridgeConnectResult, 'service' | 'linked_account_id' | 'status'>>().toEqualTypeOf<{
      service: string;
      linked_account_id: string;
      status: string;
    }>();
  });
  it('a consent record has both flags fixed to true', () => {
    expectTypeOf<ConsentRecord['video_privacy']>().toEqualTypeOf<true>();
    expectTypeOf<ConsentRecord['terms_and_privacy']>().toEqualTypeOf<true>();
    expectTypeOf<BridgeConnectRequest['consent']>().toEqualTypeOf<ConsentRecord>();
  });
});
