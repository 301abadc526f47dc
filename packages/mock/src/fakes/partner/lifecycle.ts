/**
 * State changes of a linked account and the webhooks they send: broken (LinkedAccountBroken),
 * back to active from broken (LinkedAccountRepaired, with the link session that re-linked it),
 * disconnected (LinkedAccountDisconnected, with the user's keep_data choice). Every route that
 * changes an account's status goes through {@link changeAccount}, so the events always follow.
 */
import type { FakeContext } from './context.js';
import { accountFor, type FakeAccount } from './state/users.js';

/** A link or status change. */
export interface AccountChange {
  /** The service. */
  readonly service: string;
  /** The new status. Default `active`. */
  readonly status?: string | undefined;
  /** The chosen profile (a re-link may pick another). */
  readonly profile_id?: string | undefined;
  /** Its display name. */
  readonly profile_name?: string | undefined;
  /** The link session making the change. */
  readonly link_session_id?: string | undefined;
  /** Why it broke (status `broken`). */
  readonly reason?: string | undefined;
  /** The user's choice (status `disconnected`). Default true: keep. */
  readonly keep_data?: boolean | undefined;
}

/** What a change did. */
export interface AccountChangeResult {
  /** The account after the change. */
  readonly account: FakeAccount;
  /** True when an account already held was linked again (same id, history kept). */
  readonly relinked: boolean;
  /** The webhook event scheduled, if the change sends one. */
  readonly event: Record<string, unknown> | undefined;
}

function eventFor(ctx: FakeContext, userId: string, account: FakeAccount, type: string, fields: object) {
  return {
    id: ctx.webhooks.nextId(),
    type,
    user_id: userId,
    occurred_at: new Date(ctx.clock.now()).toISOString(),
    linked_account_id: account.id,
    service: account.service,
    profile_id: account.profile_id,
    ...fields,
  };
}

/** Links an account or changes its status, and schedules the webhook the change causes. */
export function changeAccount(ctx: FakeContext, userId: string, change: AccountChange): AccountChangeResult {
  const user = ctx.users.ensure(userId);
  const status = change.status ?? 'active';
  const held = user.accounts.get(change.service);
  const account = held ?? accountFor(userId, change.service, status);
  const before = held?.status;
  account.status = status;
  if (change.profile_id !== undefined) account.profile_id = change.profile_id;
  if (change.profile_name !== undefined) account.profile_name = change.profile_name;
  if (change.link_session_id !== undefined) account.link_session_id = change.link_session_id;
  if (status === 'broken') {
    if (change.reason !== undefined) account.broken_reason = change.reason;
  } else delete account.broken_reason;
  user.accounts.set(change.service, account);

  let event: Record<string, unknown> | undefined;
  if (status === 'broken' && before !== 'broken')
    event = eventFor(ctx, userId, account, 'LinkedAccountBroken', change.reason ? { reason: change.reason } : {});
  else if (before === 'broken' && (status === 'active' || status === 'syncing'))
    event = eventFor(
      ctx,
      userId,
      account,
      'LinkedAccountRepaired',
      change.link_session_id ? { link_session_id: change.link_session_id } : {},
    );
  else if (status === 'disconnected' && before !== 'disconnected' && before !== undefined)
    event = eventFor(ctx, userId, account, 'LinkedAccountDisconnected', { keep_data: change.keep_data ?? true });
  if (event) {
    const scheduled = event;
    ctx.webhooks.schedule(() => scheduled);
  }
  const relinked = held !== undefined && (before === 'broken' || before === 'disconnected') && status === 'active';
  return { account, relinked, event };
}

/** Linked accounts that count for billing: every account not disconnected, across users. */
export function countLinked(ctx: FakeContext): number {
  let count = 0;
  for (const id of ctx.users.ids())
    for (const account of ctx.users.get(id)?.accounts.values() ?? []) if (account.status !== 'disconnected') count += 1;
  return count;
}
