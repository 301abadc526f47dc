/**
 * The one thenable check of the SDK. A duck-typed check, not `instanceof Promise`: a promise of
 * another realm, a query builder or a promise under a patched global (zone.js) is async too.
 */

/** True when `value` has a `then` method (a promise or any PromiseLike). */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null | undefined)?.then === 'function';
}
