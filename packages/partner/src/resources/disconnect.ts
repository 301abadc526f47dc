/**
 * POST /v1/user/accounts/{account_id}/disconnect: the user disconnects a linked account. The
 * user's choice about the records the partner already holds (spec section 9) is required:
 * `keepData` has no default. The service answers with the account, now `disconnected` (it stops
 * counting as linked), and sends LinkedAccountDisconnected carrying `keep_data`.
 */
import type { DisconnectResponse } from '@viewlink/schemas';
import { ValidationError } from '@viewlink/transport';
import type { ReadOptions } from '../core/options.js';
import type { UserScope } from '../internal/scope.js';
import { rejectUnknownKeys } from '../internal/unknown-keys.js';

const KNOWN_OPTIONS = new Set(['keepData', 'signal']);

/** Options of `user.disconnect()`. */
export interface DisconnectOptions extends ReadOptions {
  /**
   * The user's choice: `true` keeps the normalized records you already hold, `false` means you
   * delete them. Required: ask the user, never assume.
   */
  readonly keepData: boolean;
}

/**
 * Checks the account id and the choice (nothing sent when either is wrong), then disconnects.
 * @throws ValidationError naming `accountId` or `keepData`.
 */
export async function disconnectAccount(
  scope: UserScope,
  accountId: string,
  options: DisconnectOptions,
): Promise<DisconnectResponse> {
  if (typeof accountId !== 'string' || accountId.trim() === '')
    throw new ValidationError('user.disconnect()', [
      { path: ['accountId'], message: 'must be the id of a linked account (from user.accounts())' },
    ]);
  if (typeof options !== 'object' || options === null || typeof options.keepData !== 'boolean')
    throw new ValidationError('user.disconnect()', [
      {
        path: ['keepData'],
        message: "is required: true to keep the records you hold, false to delete them (the user's choice)",
      },
    ]);
  rejectUnknownKeys(options, KNOWN_OPTIONS, 'user.disconnect()');
  const call = scope.routes.prepare('POST /v1/user/accounts/{account_id}/disconnect', {
    params: { account_id: accountId },
    body: { keep_data: options.keepData },
  });
  return scope.send(call, options.signal);
}
