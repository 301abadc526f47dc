/**
 * Errors specific to the partner client. They extend the shared Viewlink error tree
 * (`@viewlink/transport`), so `catch (e) { if (e instanceof ViewlinkError) ... }` catches them too.
 * None of them carries a token or key: messages name users and services only.
 */
import { type Issue, ValidationError, ViewlinkError } from '@viewlink/transport';

/**
 * `refresh()` was called without the explicit statement that a user pressed a refresh
 * control (`trigger: 'user-action'`). The spec forbids scheduled refreshes.
 */
export class UserActionRequiredError extends ValidationError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:UserActionRequiredError';
  override name = 'UserActionRequiredError';
  constructor(issues: readonly Issue[]) {
    super('user.refresh()', issues);
  }
}

/** Why a refresh was refused locally. */
export type RefreshRefusalReason =
  /** The same linked account was refreshed within the cooldown window (pass `force: true` to override). */
  | 'cooldown'
  /** Too many refresh calls for this user within one second (a loop, not a person). */
  | 'burst';

/** A refresh was refused before any request was sent. */
export class RefreshRefusedError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:RefreshRefusedError';
  override name = 'RefreshRefusedError';
  /** Why it was refused. */
  readonly reason: RefreshRefusalReason;
  /** The user whose refresh was refused. */
  readonly userId: string;
  /** The linked account's service, or undefined for a refresh of every account. */
  readonly service: string | undefined;
  /** How long until a refresh would be accepted, in ms. */
  readonly retryAfterMs: number;

  constructor(init: {
    reason: RefreshRefusalReason;
    userId: string;
    service: string | undefined;
    retryAfterMs: number;
  }) {
    const what = init.service === undefined ? 'every linked account' : `the ${init.service} account`;
    super(
      init.reason === 'cooldown'
        ? `Refresh of ${what} of user ${init.userId} refused: it was refreshed less than the cooldown window ago (retry in ${Math.ceil(init.retryAfterMs / 1000)} s, or pass force: true for an explicit user request)`
        : `Refresh of ${what} of user ${init.userId} refused: too many refresh calls per second (refresh must follow a user's action, never a loop or schedule)`,
      init.reason === 'cooldown' ? 'refresh_cooldown' : 'refresh_burst',
    );
    this.reason = init.reason;
    this.userId = init.userId;
    this.service = init.service;
    this.retryAfterMs = init.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      reason: this.reason,
      userId: this.userId,
      service: this.service,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

/**
 * The refresh ledger (`refresh.ledger`) failed or answered nonsense while the cooldown was
 * checked, so the cooldown could not be enforced: no refresh was sent. The store's own error is
 * the `cause` (not part of `toJSON()`).
 */
export class RefreshLedgerError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:RefreshLedgerError';
  override name = 'RefreshLedgerError';
  /** The user whose refresh was not sent. */
  readonly userId: string;
  /** The linked account's service, or undefined for a refresh of every account. */
  readonly service: string | undefined;

  constructor(init: { userId: string; service: string | undefined; cause: unknown }) {
    super(
      `Refresh for user ${init.userId} not sent: the refresh ledger could not be read, so the cooldown cannot be checked (see cause)`,
      'refresh_ledger_failed',
      { cause: init.cause },
    );
    this.userId = init.userId;
    this.service = init.service;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), userId: this.userId, service: this.service };
  }
}

/** `history.all()` met more entries than its safety limit (`maxEntries`); use `history.pages()` instead. */
export class HistoryLimitError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/partner:HistoryLimitError';
  override name = 'HistoryLimitError';
  /** The limit that was exceeded. */
  readonly limit: number;
  /** @param callSite - the call that met the limit (`user.history.all()`), leading the message. */
  constructor(limit: number, callSite?: string) {
    super(
      `${callSite === undefined ? 'The' : `${callSite}: the`} watch history has more than ${limit} entries: iterate it with history.pages() or history.entries() (bounded memory), or raise maxEntries`,
      'history_limit_exceeded',
    );
    this.limit = limit;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limit: this.limit };
  }
}
