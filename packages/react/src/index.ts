/**
 * `@viewlink/react`: React 18/19 bindings for `@viewlink/web`. `<ViewlinkProvider sdkKey getTokens>`
 * (no token fetched on mount), `useConnect(service)`, `useLinkedAccounts()`, `useRefresh()`,
 * `useConsent()`; the reads as TanStack Query options in `@viewlink/react/query`. Safe to import
 * in a server render: nothing touches `window` until a hook runs in the browser.
 * @packageDocumentation
 */

/** The shared error root (re-exported from `@viewlink/web`): `error instanceof ViewlinkError`. */
export { ViewlinkError } from '@viewlink/web';
export {
  type QueryInvalidator,
  REFRESH_COOLDOWN_MS,
  type TokenRequest,
  type ViewlinkChange,
  type ViewlinkClient,
  type ViewlinkSettings,
} from './client.js';
export { RefreshCooldownError } from './errors.js';
export { type ViewlinkQueryKey, viewlinkKeys } from './keys.js';
export { useViewlink, ViewlinkProvider, type ViewlinkProviderProps } from './provider.js';
export { type ConnectStatus, type UseConnect, useConnect } from './use-connect.js';
export { type UseConsent, useConsent } from './use-consent.js';
export { type LinkedAccountView, type UseLinkedAccounts, useLinkedAccounts } from './use-linked-accounts.js';
export { type UseRefresh, type UseRefreshOptions, useRefresh } from './use-refresh.js';
