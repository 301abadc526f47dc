/** Options of the browser SDK. */
import type { LinkedAccountList, RefreshResponse, ServiceCatalog, Watchlist } from '@viewlink/schemas';
import type { ResponseSchema } from '../internal/validate.js';

export type { ResponseSchema } from '../internal/validate.js';

/** A `localStorage`-like store for the consent record. */
export interface ConsentStorage {
  /** Reads a stored value, or null. */
  getItem(key: string): string | null;
  /** Stores a value. */
  setItem(key: string, value: string): void;
  /** Deletes a value. */
  removeItem(key: string): void;
}

/** Options of {@link createSdk} and the third argument of `initialize`. */
export interface SdkOptions {
  /** Service API base address, e.g. `https://api.example.com`. `https:` only; `http:` only on loopback hosts. */
  readonly baseUrl?: string;
  /** Id of the Viewlink browser extension; enables the `externally_connectable` channel. */
  readonly extensionId?: string;
  /** Where users install the extension; carried by `ExtensionNotInstalledError`. */
  readonly installUrl?: string;
  /** Per-request timeout in ms. Default 30 000. */
  readonly requestTimeoutMs?: number;
  /** How long requests wait for `initialize` after the token expired, in ms. Default 30 000. */
  readonly tokenRenewalTimeoutMs?: number;
  /** Fire `onTokenExpired` this long before the access token expires, in ms. Default 60 000 (at most half the lifetime). */
  readonly expirySkewMs?: number;
  /** How long the extension has to answer the handshake, in ms. Default 1 500. */
  readonly handshakeTimeoutMs?: number;
  /** How long a `connect` may take (the user types credentials, MFA), in ms. Default 300 000. */
  readonly connectTimeoutMs?: number;
  /** After `connect`, check that the service lists the new linked account. Default true. */
  readonly verifyLinks?: boolean;
  /** Where the consent record is kept between page loads, e.g. `localStorage`. Default: memory only. */
  readonly consentStorage?: ConsentStorage;
  /**
   * Full response validation: pass `{ watchlist: Watchlist, accounts: LinkedAccountList, refresh: RefreshResponse }`
   * from `@viewlink/schemas`. Default: the facade checks only the structure it relies on, to
   * stay within its size budget.
   */
  readonly responseSchemas?: {
    /** For `watchlist()`: `Watchlist`. */
    readonly watchlist?: ResponseSchema<Watchlist>;
    /** For `accounts()` and link verification: `LinkedAccountList`. */
    readonly accounts?: ResponseSchema<LinkedAccountList>;
    /** For `refresh()`: `RefreshResponse`. */
    readonly refresh?: ResponseSchema<RefreshResponse>;
    /** For `services()`: `ServiceCatalog`. */
    readonly services?: ResponseSchema<ServiceCatalog>;
  };
  /** The `fetch` to use. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}
