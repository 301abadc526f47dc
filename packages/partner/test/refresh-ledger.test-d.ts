import { describe, expectTypeOf, it } from 'vitest';
import {
  MemoryRefreshLedger,
  PartnerClient,
  type RefreshGuardOptions,
  type RefreshLedger,
  type RefreshLedgerSlot,
} from '../src/index.js';

describe('refresh.ledger types', () => {
  it('accepts a sync or async ledger, and the in-memory one', () => {
    expectTypeOf<RefreshGuardOptions['ledger']>().toEqualTypeOf<RefreshLedger | undefined>();
    const asyncLedger: RefreshLedger = {
      lastAccepted: async () => undefined,
      recordAccepted: async () => {},
    };
    new PartnerClient({ apiKey: 'k', baseUrl: 'https://x', refresh: { ledger: asyncLedger } });
    new PartnerClient({ apiKey: 'k', baseUrl: 'https://x', refresh: { ledger: new MemoryRefreshLedger() } });
    new PartnerClient({ apiKey: 'k', baseUrl: 'https://x', refresh: { ledger: undefined } });
  });

  it('refuses a ledger of the wrong shape', () => {
    // @ts-expect-error a time must be a number of ms, not a string
    const stringly: RefreshLedger = { lastAccepted: async () => '0', recordAccepted: () => {} };
    // @ts-expect-error recordAccepted is required
    new PartnerClient({ apiKey: 'k', baseUrl: 'https://x', refresh: { ledger: { lastAccepted: () => 0 } } });
    expectTypeOf(stringly).toEqualTypeOf<RefreshLedger>();
  });

  it('names its slots', () => {
    expectTypeOf<'all'>().toExtend<RefreshLedgerSlot>();
    expectTypeOf<'latest'>().toExtend<RefreshLedgerSlot>();
    expectTypeOf<'service:cineplus'>().toExtend<RefreshLedgerSlot>();
    // @ts-expect-error a bare service id is not a slot
    expectTypeOf<'cineplus'>().toExtend<RefreshLedgerSlot>();
  });
});
