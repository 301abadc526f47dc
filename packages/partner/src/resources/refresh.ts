/**
 * POST /v1/user/refresh: a user-initiated refresh. The spec allows it only when the user pressed
 * a refresh control, never on a schedule, so the call must say so (`trigger: 'user-action'`),
 * a second refresh of the same linked account within the cooldown is refused unless forced,
 * and a loop is refused. The server answers 202 at once: completion arrives later as a
 * UserDataRefreshCompleted webhook (see docs/partner-webhooks.md).
 */
import type { RefreshResponse } from '@viewlink/schemas';
import { ValidationError } from '@viewlink/transport';
import { UserActionRequiredError } from '../core/errors.js';
import type { ReadOptions } from '../core/options.js';
import type { RefreshGuard } from '../internal/refresh-guard.js';
import type { UserScope } from '../internal/scope.js';
import { rejectUnknownKeys } from '../internal/unknown-keys.js';

const KNOWN_OPTIONS = new Set(['trigger', 'service', 'force', 'signal']);

/** Options of `user.refresh()`. */
export interface RefreshOptions extends ReadOptions {
  /**
   * Must be `'user-action'`: call refresh only from the handler of a user's explicit refresh
   * action (a button). Anything else does not compile, and throws at run time.
   */
  readonly trigger: 'user-action';
  /** Refresh one linked account (a service id slug). Default: every linked account. */
  readonly service?: string | undefined;
  /** Skip the cooldown (the user asked again on purpose). The loop guard still applies. */
  readonly force?: boolean | undefined;
}

/** Checks the options, the guards, then sends; records the refresh once the server accepted it. */
export async function requestRefresh(
  scope: UserScope,
  guard: RefreshGuard,
  options: RefreshOptions,
): Promise<RefreshResponse> {
  if (typeof options !== 'object' || options === null || options.trigger !== 'user-action')
    throw new UserActionRequiredError([{ path: ['trigger'], message: "must be 'user-action'" }]);
  if (options.force !== undefined && typeof options.force !== 'boolean')
    throw new ValidationError('user.refresh()', [{ path: ['force'], message: 'must be a boolean' }]);
  rejectUnknownKeys(options, KNOWN_OPTIONS, 'user.refresh()');
  const body = options.service === undefined ? {} : { service: options.service };
  const request = scope.routes.prepare('POST /v1/user/refresh', { body });
  const reservation = await guard.admit(scope.userId, options.service, options.force === true);
  let accepted: RefreshResponse;
  try {
    accepted = await scope.send(request, options.signal);
  } catch (error) {
    await guard.abandoned(scope.userId, options.service, reservation);
    throw error;
  }
  await guard.accepted(scope.userId, options.service, reservation);
  return accepted;
}
