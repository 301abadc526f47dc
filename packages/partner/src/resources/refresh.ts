/**
 * POST /v1/user/refresh: a user-initiated refresh. The spec allows it only when the user pressed
 * a refresh control, never on a schedule, so the call must say so (`trigger: 'user-action'`),
 * a second refresh of the same linked account within the cooldown is refused unless forced,
 * and a loop is refused. The server answers 202 at once: completion arrives later as a
 * UserDataRefreshCompleted webhook (see docs/partner-webhooks.md).
 */
import type { ServiceIdInput } from '@viewlink/schemas';
import { type RouteCallInput, rejectUnknownOptions, ValidationError } from '@viewlink/transport';
import { UserActionRequiredError } from '../core/errors.js';
import type { ReadOptions } from '../core/options.js';
import type { RefreshGuard } from '../internal/refresh-guard.js';

const KNOWN_OPTIONS = ['trigger', 'service', 'force', 'signal'];

/** Options of `user.refresh()`. */
export interface RefreshOptions extends ReadOptions {
  /**
   * Must be `'user-action'`: call refresh only from the handler of a user's explicit refresh
   * action (a button). Anything else does not compile, and throws at run time.
   */
  readonly trigger: 'user-action';
  /** Refresh one linked account (a service id slug). Default: every linked account. */
  readonly service?: ServiceIdInput | undefined;
  /** Skip the cooldown (the user asked again on purpose). The loop guard still applies. */
  readonly force?: boolean | undefined;
}

/**
 * The body of `user.refresh()`, after its checks: the call must come from a user's action.
 * @throws UserActionRequiredError without `trigger: 'user-action'`; ValidationError for a bad `force` or option.
 */
export function refreshInput(options: object | undefined): RouteCallInput {
  const given = options as RefreshOptions | null | undefined;
  if (typeof given !== 'object' || given === null || given.trigger !== 'user-action')
    throw new UserActionRequiredError([
      {
        path: ['trigger'],
        message: "must be 'user-action': pass it only from a user's explicit refresh action (no scheduled refreshes)",
      },
    ]);
  if (given.force !== undefined && typeof given.force !== 'boolean')
    throw new ValidationError('user.refresh()', [{ path: ['force'], message: 'must be a boolean' }]);
  rejectUnknownOptions(given, KNOWN_OPTIONS, 'user.refresh()');
  return { body: given.service === undefined ? {} : { service: given.service } };
}

/**
 * Sends a checked refresh past the guards (cooldown, loop): admitted first, recorded once the
 * server accepted it (202), released when it failed.
 */
export async function guardedRefresh<T>(
  guard: RefreshGuard,
  userId: string,
  options: RefreshOptions,
  send: () => Promise<T>,
): Promise<T> {
  const reservation = await guard.admit(userId, options.service, options.force === true);
  let accepted: T;
  try {
    accepted = await send();
  } catch (error) {
    await guard.abandoned(userId, options.service, reservation);
    throw error;
  }
  await guard.accepted(userId, options.service, reservation);
  return accepted;
}
