/**
 * Errors of the browser facade. They extend the shared tree of `@viewlink/transport/errors`
 * (`ViewlinkError` → `code`, safe `toJSON()`), so one `catch (e instanceof ViewlinkError)`
 * covers every Viewlink SDK. No error ever carries a token or key value.
 */
import { ConfigurationError, ViewlinkError } from '@viewlink/transport/errors';

export {
  APIError,
  AuthenticationError,
  ConfigurationError,
  ConnectionError,
  isViewlinkError,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
  ViewlinkError,
} from '@viewlink/transport/errors';

/** An API Key reached the browser SDK. API Keys belong on the partner backend only. */
export class ApiKeyNotAllowedError extends ConfigurationError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ApiKeyNotAllowedError';
  override name = 'ApiKeyNotAllowedError';
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
  override name = 'NotInitializedError';
  constructor() {
    super('Call SDK.initialize(sdkKey, tokens) first', 'not_initialized');
  }
}

/**
 * The token-expired handler did not re-initialize the SDK in time (`tokenRenewalTimeoutMs`),
 * or it failed (`cause`). Requests that waited for the new pair fail with this error.
 */
export class TokenRenewalError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:TokenRenewalError';
  override name = 'TokenRenewalError';
  constructor(message: string, code = 'token_renewal_failed', cause?: unknown) {
    super(message, code, { cause });
  }
}

/** The renewal did not finish within `tokenRenewalTimeoutMs`. */
export class TokenRenewalTimeoutError extends TokenRenewalError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:TokenRenewalTimeoutError';
  override name = 'TokenRenewalTimeoutError';
  constructor(ms: number) {
    super(`onTokenExpired handler did not call SDK.initialize within ${ms} ms`, 'token_renewal_timeout');
  }
}

/**
 * The access token expired (or the API refused it) and no `onTokenExpired` handler is registered,
 * so no renewal can come: the request fails at once instead of waiting `tokenRenewalTimeoutMs`.
 */
export class TokenExpiredHandlerMissingError extends TokenRenewalError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:TokenExpiredHandlerMissingError';
  override name = 'TokenExpiredHandlerMissingError';
  constructor() {
    super(
      'The access token expired and no renewal handler is registered: call SDK.onTokenExpired(handler) with a handler that gets a new pair from your backend and calls SDK.initialize',
      'token_expired_no_handler',
    );
  }
}

/** Why account linking cannot run here. */
export type UnsupportedReason = 'mobile' | 'browser' | 'no-browser' | 'app';

/** Account linking needs desktop Chrome or Edge; `reason` says what is missing. */
export class UnsupportedEnvironmentError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:UnsupportedEnvironmentError';
  override name = 'UnsupportedEnvironmentError';
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

/** The extension did not answer the handshake: it is not installed (or disabled). */
export class ExtensionNotInstalledError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionNotInstalledError';
  override name = 'ExtensionNotInstalledError';
  /** Where the user installs the extension (option `installUrl`). */
  readonly installUrl: string | undefined;
  constructor(installUrl: string | undefined) {
    super(
      `The Viewlink browser extension is not installed or not enabled${installUrl ? `; install it from ${installUrl}` : ''}`,
      'extension_not_installed',
    );
    this.installUrl = installUrl;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), installUrl: this.installUrl };
  }
}

/** The extension speaks no protocol version this SDK supports: one of them needs an update. */
export class ExtensionIncompatibleError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ExtensionIncompatibleError';
  override name = 'ExtensionIncompatibleError';
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
  override name = 'ExtensionTimeoutError';
  constructor(ms: number) {
    super(`The browser extension did not answer within ${ms} ms`, 'extension_timeout');
  }
}

/** Linking failed; `reason` is the extension's code (`login-failed`, `unsupported-service`, ...). */
export class ConnectError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConnectError';
  override name = 'ConnectError';
  /** The bridge error code, e.g. `login-failed`, or `unverified` when the service does not list the account. */
  readonly reason: string;
  constructor(reason: string, detail?: string, code = 'connect_failed') {
    super(`Linking the streaming account failed (${reason})${detail ? `: ${detail}` : ''}`, code);
    this.reason = reason;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}

/** The user closed or cancelled the extension's login. Not a failure to report. */
export class ConnectCancelledError extends ConnectError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConnectCancelledError';
  override name = 'ConnectCancelledError';
  constructor() {
    super('user-cancelled', 'the user cancelled the login', 'connect_cancelled');
  }
}

/** Which consent is missing. */
export type ConsentKind = 'video_privacy' | 'terms_and_privacy';

/** `connect` needs both consents recorded first (consent screen or `sdk.consent.record`). */
export class ConsentRequiredError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:ConsentRequiredError';
  override name = 'ConsentRequiredError';
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

/** A user-initiated refresh was requested outside a real user gesture (click, key press). */
export class UserGestureRequiredError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/web:UserGestureRequiredError';
  override name = 'UserGestureRequiredError';
  constructor() {
    super(
      'refresh() needs a user action such as a click (navigator.userActivation.isActive is false)',
      'user_gesture_required',
    );
  }
}
