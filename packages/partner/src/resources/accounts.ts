/**
 * GET /v1/user/accounts: linked accounts with their status. A `broken` account is data, not
 * an exception: it comes back with `health: 'needs-reauthentication'` so the app can ask the
 * user to log in to that service again (SDK.connect).
 */
import type { LinkedAccount } from '@viewlink/schemas';

/** What a linked account's status means for the app. */
export type AccountHealth =
  /** Data flows (`active`). */
  | 'ok'
  /** A refresh is running (`syncing`). */
  | 'syncing'
  /** `broken`: the user must re-authenticate through the SDK login flow. */
  | 'needs-reauthentication'
  /** The user disconnected the service. */
  | 'disconnected'
  /** A status this SDK does not know yet; see `status`. */
  | 'unknown';

/** A linked account plus what its status means. */
export type LinkedAccountView = LinkedAccount & {
  /** What the status means for the app. */
  readonly health: AccountHealth;
  /** True when the user must log in to this service again. */
  readonly needsReauthentication: boolean;
};

/** The user's linked accounts. */
export interface LinkedAccounts {
  /** Every linked account, in the server's order. */
  readonly accounts: LinkedAccountView[];
  /** The accounts whose user must re-authenticate (status `broken`). */
  readonly needingReauthentication: LinkedAccountView[];
}

/** Maps a status string to its {@link AccountHealth}. */
export function healthOf(status: string): AccountHealth {
  switch (status) {
    case 'active':
      return 'ok';
    case 'syncing':
      return 'syncing';
    case 'broken':
      return 'needs-reauthentication';
    case 'disconnected':
      return 'disconnected';
    default:
      return 'unknown';
  }
}

/** The linked accounts of a `GET /v1/user/accounts` body, each with what its status means. */
export function accountsView(body: unknown): LinkedAccounts {
  // With `validation: 'warn'` a drifted body arrives unchecked (issue 16): read what is usable, never throw.
  const list = typeof body === 'object' && body !== null && 'accounts' in body ? body.accounts : undefined;
  const accounts: unknown[] = Array.isArray(list) ? list : [];
  const views = accounts
    .filter((account): account is LinkedAccount => typeof account === 'object' && account !== null)
    .map((account): LinkedAccountView => {
      const health = typeof account.status === 'string' ? healthOf(account.status) : 'unknown';
      return { ...account, health, needsReauthentication: health === 'needs-reauthentication' };
    });
  return { accounts: views, needingReauthentication: views.filter((a) => a.needsReauthentication) };
}
