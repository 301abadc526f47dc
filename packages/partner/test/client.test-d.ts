import type { WatchHistoryEntry, Watchlist } from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type HistoryPage,
  type LinkedAccounts,
  PartnerClient,
  type PartnerUser,
  type RefreshOptions,
  type StoredTokenPair,
  TokenPair,
} from '../src/index.js';

declare const client: PartnerClient;
declare const user: PartnerUser;

describe('PartnerClient types', () => {
  it('requires apiKey and baseUrl', () => {
    // @ts-expect-error apiKey is required
    new PartnerClient({ baseUrl: 'https://x' });
    // @ts-expect-error baseUrl is required
    new PartnerClient({ apiKey: 'k' });
    new PartnerClient({ apiKey: 'k', baseUrl: new URL('https://x'), validation: 'warn' });
    // @ts-expect-error unknown validation mode
    new PartnerClient({ apiKey: 'k', baseUrl: 'https://x', validation: 'loose' });
  });

  it('scopes a user by pair, stored record or id', () => {
    expectTypeOf(client.user).parameter(0).toEqualTypeOf<TokenPair | StoredTokenPair | string>();
    expectTypeOf(client.user('u')).toEqualTypeOf<PartnerUser>();
    // @ts-expect-error a number is not a user
    client.user(42);
    expectTypeOf(client.tokens.issue({ userId: 'u' })).resolves.toEqualTypeOf<TokenPair>();
    // @ts-expect-error user_id is the wire name; the SDK takes userId
    client.tokens.issue({ user_id: 'u' });
  });

  it('types every read from the shared schemas', () => {
    expectTypeOf(user.watchlist()).resolves.toEqualTypeOf<Watchlist>();
    expectTypeOf(user.accounts()).resolves.toEqualTypeOf<LinkedAccounts>();
    expectTypeOf(user.history.all()).resolves.toEqualTypeOf<WatchHistoryEntry[]>();
    expectTypeOf(user.history.pages()).toEqualTypeOf<AsyncGenerator<HistoryPage, void, undefined>>();
    expectTypeOf(user.history.since(new Date())).toEqualTypeOf<AsyncGenerator<WatchHistoryEntry, void, undefined>>();
    // @ts-expect-error limit is a number
    user.history.pages({ limit: '10' });
  });

  it('makes refresh demand an explicit user action', () => {
    user.refresh({ trigger: 'user-action' });
    user.refresh({ trigger: 'user-action', service: 'streamflix', force: true });
    // @ts-expect-error the argument is required
    user.refresh();
    // @ts-expect-error an empty object does not say it comes from a user
    user.refresh({});
    // @ts-expect-error a schedule is not a user action
    user.refresh({ trigger: 'schedule' });
    // @ts-expect-error widened strings are refused: only the literal compiles
    user.refresh({ trigger: 'user-action' as string });
    expectTypeOf<RefreshOptions['trigger']>().toEqualTypeOf<'user-action'>();
  });

  it('keeps tokens behind accessors and a safe toJSON', () => {
    expectTypeOf<TokenPair['accessToken']>().toEqualTypeOf<string>();
    expectTypeOf<ReturnType<TokenPair['toJSON']>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(TokenPair.from).parameter(0).toEqualTypeOf<TokenPair | StoredTokenPair>();
  });

  it('offers issue and renew on client.tokens, not the steps a session takes within a call', () => {
    // Public members only: an editor completes whatever the class declares, @internal or not.
    expectTypeOf<keyof typeof client.tokens>().toEqualTypeOf<'issue' | 'renew'>();
  });

  it('does not offer the settings client.files is built from', () => {
    // @ts-expect-error DataFilesSettings is the client's own, not an export
    type Settings = import('../src/index.js').DataFilesSettings;
    expectTypeOf<Settings>().toBeAny();
  });
});
