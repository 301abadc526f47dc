/**
 * Errors of the browser facade. They extend the shared tree of `@viewlink/transport/errors`
 * (`ViewlinkError` → `code`, safe `toJSON()`), so one `catch (e instanceof ViewlinkError)`
 * covers every Viewlink SDK. No error ever carries a token or key value.
 */
import type { ConnectExitReason } from '@viewlink/schemas';
import { ConfigurationError, TokenRenewalError, ViewlinkError } from '@viewlink/transport/errors';

export {
  APIError,
  AuthenticationError,
  ConfigurationError,
  ConnectionError,
  isViewlinkError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  TokenRenewalError,
  ValidationError,
  ViewlinkError,
} from '@viewlink/transport/errors';

/** An API Key reached the browser SDK. API Keys belong on the partner backend only. */
export class ApiKeyNotAllowedError extends ConfigurationError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ApiKeyNotAllowedError';
  constructor() {
    super('API Keys stay on your backend: pass the SDK Key');
  }
}

/** A call needs `SDK.initialize(sdkKey, tokens)` first. */
export class NotInitializedError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:NotInitializedError';
  /** @param call - the call made too early, as the app wrote it (`SDK.watchlist()`). */
  constructor(call = 'A call') {
    super(`${call} needs SDK.initialize first`, 'not_initialized');
  }
}

/** The renewal did not finish within `tokenRenewalTimeoutMs`. */
export class TokenRenewalTimeoutError extends TokenRenewalError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:TokenRenewalTimeoutError';
  constructor(ms: number) {
    super(`No SDK.initialize within ${ms} ms of onTokenExpired`, { code: 'token_renewal_timeout' });
  }
}

/**
 * The access token expired (or the API refused it) and no `onTokenExpired` handler is registered,
 * so no renewal can come: the request fails at once instead of waiting `tokenRenewalTimeoutMs`.
 */
export class TokenExpiredHandlerMissingError extends TokenRenewalError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:TokenExpiredHandlerMissingError';
  constructor() {
    super('The token expired and no SDK.onTokenExpired(handler) renews it', {
      code: 'token_expired_no_handler',
    });
  }
}

/** Why account linking cannot run here. */
export type UnsupportedReason = 'mobile' | 'browser' | 'no-browser' | 'app';

/** Account linking needs desktop Chrome or Edge; `reason` says what is missing. */
export class UnsupportedEnvironmentError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:UnsupportedEnvironmentError';
  /** `mobile`: a phone or tablet; `browser`: not Chrome or Edge; `no-browser`: no DOM (server); `app`: a React Native app. */
  declare readonly reason: UnsupportedReason;
  /** The browser detected, e.g. `Firefox`, when known. */
  declare readonly browser: string | undefined;
  constructor(reason: UnsupportedReason, detail: string, browser?: string) {
    super(`Account linking needs desktop Chrome or Edge: ${detail}`, 'unsupported_environment', undefined, {
      reason,
      browser,
    });
  }
}

/** The extension speaks no protocol version this SDK supports: one of them needs an update. */
export class ExtensionIncompatibleError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionIncompatibleError';
  constructor(theirs: readonly number[]) {
    super(`No supported bridge version: the extension speaks [${theirs.join(', ')}]`, 'extension_incompatible');
  }
}

/** The extension did not finish in time (`connectTimeoutMs`); the request was cancelled. */
export class ExtensionTimeoutError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionTimeoutError';
  constructor(ms: number) {
    super(`The extension did not answer within ${ms} ms`, 'extension_timeout');
  }
}

/**
 * A `connect` ended without a link (the typed exit). `reason` is one of the stable exit reasons
 * (`user-closed`, `extension-missing`, `mfa-timeout`, `credentials-rejected`,
 * `service-unavailable`, `unverified`) or a newer string from the extension; `linkSessionId` ties
 * it to the service's logs and webhooks.
 */
export class ConnectError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConnectError';
  /** Why the link did not happen, e.g. `credentials-rejected`, or `unverified` when the service does not list the account. */
  declare readonly reason: ConnectExitReason;
  /** The link session (`lnk_...`) of the `connect` that ended; quote it to support. */
  declare linkSessionId: string | undefined;
  constructor(reason: ConnectExitReason, detail?: string, code = 'connect_failed', more?: object) {
    super(`Account linking failed (${reason})${detail ? `: ${detail}` : ''}`, code, undefined, {
      reason,
      linkSessionId: undefined,
      ...more,
    });
  }
}

/** The extension did not answer the handshake: it is not installed (or disabled). Reason `extension-missing`. */
export class ExtensionNotInstalledError extends ConnectError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionNotInstalledError';
  /** Where the user installs the extension (option `installUrl`). */
  declare readonly installUrl: string | undefined;
  constructor(installUrl: string | undefined) {
    super(
      'extension-missing',
      `the extension is not installed or enabled${installUrl ? `; install it from ${installUrl}` : ''}`,
      'extension_not_installed',
      { installUrl },
    );
  }
}

/** The user closed or cancelled the extension's login (reason `user-closed`). Not a failure to report. */
export class ConnectCancelledError extends ConnectError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConnectCancelledError';
  constructor() {
    super('user-closed', undefined, 'connect_cancelled');
  }
}

/** Which consent is missing. */
export type ConsentKind = 'video_privacy' | 'terms_and_privacy';

/** `connect` needs both consents recorded first (consent screen or `sdk.consent.record`). */
export class ConsentRequiredError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConsentRequiredError';
  /** The consents not given. */
  declare readonly missing: readonly ConsentKind[];
  constructor(missing: readonly ConsentKind[]) {
    super(`Account linking needs consent first: ${missing.join(', ')}`, 'consent_required', undefined, { missing });
  }
}

/** A user-initiated refresh or disconnect was requested outside a real user gesture (click, key press). */
export class UserGestureRequiredError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:UserGestureRequiredError';
  constructor(call = 'SDK.refresh()') {
    super(`${call} needs a user action (click or key press)`, 'user_gesture_required');
  }
}
