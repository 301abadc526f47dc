// SDK.on(): the four events the SDK emits, a function listener; anything else is a typed error naming the argument.
import { createSdk, type SdkEvents, ValidationError } from '@viewlink/web';
import { describe, expect, it } from 'vitest';
import { BASE } from './helpers.js';

/** The error `sdk.on(event, listener)` throws, or undefined. */
function refusal(event: unknown, listener: unknown): unknown {
  try {
    createSdk({ baseUrl: BASE }).on(event as keyof SdkEvents, listener as () => void);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('SDK.on()', () => {
  it('refuses a listener that is not a function, naming SDK.on() and the argument', () => {
    for (const listener of [undefined, null, 'x', {}, 1]) {
      const error = refusal('broken', listener);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['listener']]);
      expect((error as Error).message).toMatch(/^SDK\.on\(\): listener expected a function \(got /);
    }
  });

  it('refuses an event name it never emits, listing the known ones (a typo would never fire)', () => {
    for (const event of ['conected', 'Broken', 'token_expired', '', undefined, 1]) {
      const error = refusal(event, () => undefined);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['event']]);
      expect((error as Error).message).toMatch(
        /^SDK\.on\(\): event expected one of connected, broken, token-expired, progress \(got /,
      );
    }
  });

  it('takes each event the SDK emits and returns an unsubscribe function', () => {
    const sdk = createSdk({ baseUrl: BASE });
    for (const event of ['connected', 'broken', 'token-expired', 'progress'] as const) {
      const off = sdk.on(event, () => undefined);
      expect(typeof off).toBe('function');
      off();
    }
  });
});
