/**
 * The options of a read that takes nothing but a `signal` (`user.watchlist()`, `client.services()`):
 * checked as the other calls' options are, so `{ timeout: 5000 }` is refused rather than ignored.
 */
import { rejectUnknownOptions } from '@viewlink/transport';
import type { ReadOptions } from '../core/options.js';

const READ_OPTION_NAMES = /* @__PURE__ */ Object.keys({ signal: true } satisfies {
  readonly [Name in keyof Required<ReadOptions>]: true;
});

/**
 * The signal of a read's options (`undefined` and `null` read as no options); the transport
 * checks that it is an `AbortSignal`.
 * @throws ValidationError, named at `callSite`, for options that are not an object or hold another key.
 */
export function readSignal(options: unknown, callSite: string): AbortSignal | undefined {
  rejectUnknownOptions(options, READ_OPTION_NAMES, callSite);
  return (options as ReadOptions | null | undefined)?.signal;
}
