/**
 * POST /v1/user/accounts/{account_id}/disconnect: the user disconnects a linked account. The
 * user's choice about the records the partner already holds (spec section 9) is required:
 * `keepData` has no default. The service answers with the account, now `disconnected` (it stops
 * counting as linked), and sends LinkedAccountDisconnected carrying `keep_data`.
 */
import { type RouteCallInput, rejectUnknownOptions, ValidationError } from '@viewlink/transport';
import type { ReadOptions } from '../core/options.js';

const KNOWN_OPTIONS = ['keepData', 'signal'];

/** Options of `user.disconnect()`. */
export interface DisconnectOptions extends ReadOptions {
  /**
   * The user's choice: `true` keeps the normalized records you already hold, `false` means you
   * delete them. Required: ask the user, never assume.
   */
  readonly keepData: boolean;
}

/** `user.disconnect()`'s account id, checked before anything is sent. */
export function checkAccountId(accountId: unknown): void {
  if (typeof accountId !== 'string' || accountId.trim() === '')
    throw new ValidationError('user.disconnect()', [
      { path: ['accountId'], message: 'must be the id of a linked account (from user.accounts())' },
    ]);
}

/**
 * The body of `user.disconnect()`: the user's choice, checked (nothing sent when it is missing).
 * @throws ValidationError naming `keepData` or an unknown option.
 */
export function disconnectInput(options: object | undefined): RouteCallInput {
  const given = options as Partial<DisconnectOptions> | null | undefined;
  if (typeof given !== 'object' || given === null || typeof given.keepData !== 'boolean')
    throw new ValidationError('user.disconnect()', [
      {
        path: ['keepData'],
        message: "is required: true to keep the records you hold, false to delete them (the user's choice)",
      },
    ]);
  rejectUnknownOptions(given, KNOWN_OPTIONS, 'user.disconnect()');
  return { body: { keep_data: given.keepData } };
}
