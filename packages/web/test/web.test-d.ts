import {
  type ConnectCancelledError,
  type ConnectError,
  type ConnectResult,
  createSdk,
  type ExtensionNotInstalledError,
  type LinkedAccount,
  SDK,
  type Sdk,
  type SdkEvents,
  type TokenExpiredEvent,
  type UnsupportedEnvironmentError,
  type ViewlinkError,
  type Watchlist,
} from '@viewlink/web';
import { type ConsentScreen, renderConsentScreen } from '@viewlink/web/consent';
import { describe, expectTypeOf, it } from 'vitest';

describe('web types', () => {
  it('the facade has the spec’s three operations', () => {
    expectTypeOf(SDK).toEqualTypeOf<Sdk>();
    expectTypeOf(SDK.initialize).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(SDK.connect).returns.resolves.toEqualTypeOf<ConnectResult>();
    expectTypeOf(SDK.onTokenExpired).returns.toEqualTypeOf<() => void>();
    expectTypeOf(SDK.watchlist).returns.resolves.toEqualTypeOf<Watchlist>();
  });
  it('connect results carry no credentials', () => {
    expectTypeOf<keyof ConnectResult>().toEqualTypeOf<'service' | 'linked_account_id' | 'status'>();
  });
  it('options have no place for an API Key', () => {
    // @ts-expect-error apiKey is not an option: the API Key stays on the backend
    createSdk({ apiKey: 'x' });
  });
  it('events are typed', () => {
    expectTypeOf<SdkEvents['broken']>().toEqualTypeOf<LinkedAccount>();
    expectTypeOf<SdkEvents['token-expired']>().toEqualTypeOf<TokenExpiredEvent>();
    expectTypeOf<TokenExpiredEvent['reason']>().toEqualTypeOf<'expiring' | 'expired' | 'unauthorized'>();
    SDK.on('connected', (payload) => expectTypeOf(payload).toEqualTypeOf<ConnectResult>());
  });
  it('every error is a ViewlinkError with its own fields', () => {
    expectTypeOf<ConnectCancelledError>().toExtend<ConnectError>();
    expectTypeOf<ExtensionNotInstalledError>().toExtend<ViewlinkError>();
    expectTypeOf<ExtensionNotInstalledError['installUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UnsupportedEnvironmentError['reason']>().toEqualTypeOf<'mobile' | 'browser' | 'no-browser' | 'app'>();
  });
  it('the consent screen takes the SDK’s consent API', () => {
    expectTypeOf(renderConsentScreen).parameter(1).toHaveProperty('consent');
    expectTypeOf(renderConsentScreen).returns.toEqualTypeOf<ConsentScreen>();
  });
});
