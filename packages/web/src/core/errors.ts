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
    super(
      'The browser SDK never takes an API Key: keep it on your backend and pass SDK.initialize the SDK Key and a token pair',
    );
  }
}

/** A call needs `SDK.initialize(sdkKey, tokens)` first. */
export class NotInitializedError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:NotInitializedError';
  constructor() {
    super('Call SDK.initialize(sdkKey, tokens) first', 'not_initialized');
  }
}

/** The renewal did not finish within `tokenRenewalTimeoutMs`. */
export class TokenRenewalTimeoutError extends TokenRenewalError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:TokenRenewalTimeoutError';
  constructor(ms: number) {
    super(`onTokenExpired handler did not call SDK.initialize within ${ms} ms`, { code: 'token_renewal_timeout' });
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
    super(
      'The access token expired and no renewal handler is registered: call SDK.onTokenExpired(handler) with a handler that gets a new pair from your backend and calls SDK.initialize',
      { code: 'token_expired_no_handler' },
    );
  }
}

/** Why account linking cannot run here. */
export type UnsupportedReason = 'mobile' | 'browser' | 'no-browser' | 'app';

/** Account linking needs desktop Chrome or Edge; `reason` says what is missing. */
export class UnsupportedEnvironmentError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:UnsupportedEnvironmentError';
  /** `mobile`: a phone or tablet; `browser`: not Chrome or Edge; `no-browser`: no DOM (server); `app`: a React Native app. */
  readonly reason: UnsupportedReason;
  /** The browser detected, e.g. `Firefox`, when known. */
  readonly browser: string | undefined;
  constructor(reason: UnsupportedReason, detail: string, browser?: string) {
    super(`Account linking needs desktop Chrome or Edge with the extension: ${detail}`, 'unsupported_environment');
    this.reason = reason;
    this.browser = browser;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, browser: this.browser };
  }
}

/** The extension speaks no protocol version this SDK supports: one of them needs an update. */
export class ExtensionIncompatibleError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionIncompatibleError';
  constructor(theirs: readonly number[]) {
    super(
      `The extension speaks bridge versions [${theirs.join(', ')}], none supported by this SDK`,
      'extension_incompatible',
    );
  }
}

/** The extension did not finish in time (`connectTimeoutMs`); the request was cancelled. */
export class ExtensionTimeoutError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionTimeoutError';
  constructor(ms: number) {
    super(`The browser extension did not answer within ${ms} ms`, 'extension_timeout');
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
  readonly reason: ConnectExitReason;
  /** The link session (`lnk_...`) of the `connect` that ended; quote it to support. */
  linkSessionId: string | undefined;
  constructor(reason: ConnectExitReason, detail?: string, code = 'connect_failed') {
    super(`Linking the streaming account failed (${reason})${detail ? `: ${detail}` : ''}`, code);
    this.reason = reason;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, linkSessionId: this.linkSessionId };
  }
}

/** The extension did not answer the handshake: it is not installed (or disabled). Reason `extension-missing`. */
export class ExtensionNotInstalledError extends ConnectError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionNotInstalledError';
  /** Where the user installs the extension (option `installUrl`). */
  readonly installUrl: string | undefined;
  constructor(installUrl: string | undefined) {
    super('extension-missing', undefined, 'extension_not_installed');
    this.message = `The Viewlink browser extension is not installed or not enabled${installUrl ? `; install it from ${installUrl}` : ''}`;
    this.installUrl = installUrl;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), installUrl: this.installUrl };
  }
}

/** The user closed or cancelled the extension's login (reason `user-closed`). Not a failure to report. */
export class ConnectCancelledError extends ConnectError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConnectCancelledError';
  constructor() {
    super('user-closed', 'the user closed the login', 'connect_cancelled');
  }
}

/** Which consent is missing. */
export type ConsentKind = 'video_privacy' | 'terms_and_privacy';

/** `connect` needs both consents recorded first (consent screen or `sdk.consent.record`). */
export class ConsentRequiredError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConsentRequiredError';
  /** The consents not given. */
  readonly missing: readonly ConsentKind[];
  constructor(missing: readonly ConsentKind[]) {
    super(`Consent required before linking: ${missing.join(', ')}`, 'consent_required');
    this.missing = missing;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), missing: [...this.missing] };
  }
}

/** A user-initiated refresh or disconnect was requested outside a real user gesture (click, key press). */
export class UserGestureRequiredError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:UserGestureRequiredError';
  constructor(call = 'SDK.refresh()') {
    super(
      `${call} needs a user action such as a click (navigator.userActivation.isActive is false)`,
      'user_gesture_required',
    );
  }
}
