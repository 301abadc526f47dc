/**
 * Whether a value is a web `ReadableStream`, for runtimes that have none (Hermes: React Native's
 * fetch neither sends nor gives streams), where naming the global would throw a ReferenceError.
 * Chosen once at load, not per request; the browser build (every browser has the global; React
 * Native resolves the import build) keeps the `instanceof` alone.
 */
import { BROWSER_BUILD } from './browser-build.js';

/** `value instanceof ReadableStream`, false where the runtime has no `ReadableStream`. */
export const isReadableStream: (value: unknown) => value is ReadableStream =
  BROWSER_BUILD || typeof ReadableStream === 'function'
    ? (value): value is ReadableStream => value instanceof ReadableStream
    : (_value): _value is ReadableStream => false;
