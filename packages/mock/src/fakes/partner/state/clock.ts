/** The fake's clock: an injectable base (`now` option) plus an offset moved by tests. */

/** A clock tests can move forward (`POST /__mock/clock`). */
export interface FakeClock {
  /** Current time in ms since epoch. */
  now(): number;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Sets the clock to `ms` since epoch. */
  set(ms: number): void;
}

/** Creates a clock on top of `base` (default `Date.now`). */
export function createClock(base: () => number = Date.now): FakeClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (ms) => {
      offset = ms - base();
    },
  };
}
