/**
 * The names of a call's options ({@link CallOptions}), one list for clients that hand a caller's
 * options to the transport and refuse the names it does not take.
 */
import type { CallOptions } from './types.js';

/**
 * The names of {@link CallOptions} (`headers`, `signal`, `timeout`, `retry`, ...), complete: the
 * compiler checks the list against the interface. What a client that passes a caller's options on
 * to `routes.call()` or `transport.request()` gives `rejectUnknownOptions` as the known names.
 */
export const CALL_OPTION_NAMES: readonly string[] = /* @__PURE__ */ Object.freeze(
  Object.keys({
    headers: true,
    signal: true,
    idempotent: true,
    timeout: true,
    retry: true,
    responseType: true,
    auth: true,
    secrets: true,
    fetchOptions: true,
  } satisfies { readonly [Name in keyof Required<CallOptions>]: true }),
);
