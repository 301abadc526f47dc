// instanceof across copies for the browser facade's errors: a second instance of the errors module
// stands in for the CJS build or another installed version (the tarballs: scripts/consumer-test.mjs).
import { describe, expect, it } from 'vitest';
import * as tree from '../src/core/errors.js';

/** A second instance of a source module (the query makes it another module id): what a CJS build or another installed version is. */
const secondCopy = (path: string): Promise<unknown> => import(/* @vite-ignore */ `${path}?copy=second`);

describe('web error identity across copies', async () => {
  const copy = (await secondCopy('../src/core/errors.ts')) as typeof tree;
  const made = (m: typeof tree): Record<string, Error> => ({
    ApiKeyNotAllowedError: new m.ApiKeyNotAllowedError(),
    NotInitializedError: new m.NotInitializedError(),
    TokenRenewalError: new m.TokenRenewalError('m'),
    TokenRenewalTimeoutError: new m.TokenRenewalTimeoutError(5),
    TokenExpiredHandlerMissingError: new m.TokenExpiredHandlerMissingError(),
    UnsupportedEnvironmentError: new m.UnsupportedEnvironmentError('mobile', 'd'),
    ExtensionNotInstalledError: new m.ExtensionNotInstalledError(undefined),
    ExtensionIncompatibleError: new m.ExtensionIncompatibleError([1]),
    ExtensionTimeoutError: new m.ExtensionTimeoutError(5),
    ConnectError: new m.ConnectError('login-failed'),
    ConnectCancelledError: new m.ConnectCancelledError(),
    ConsentRequiredError: new m.ConsentRequiredError(['video_privacy']),
    UserGestureRequiredError: new m.UserGestureRequiredError(),
  });
  // Subclass relations inside the facade's own classes.
  const parents: Record<string, string> = {
    TokenRenewalTimeoutError: 'TokenRenewalError',
    TokenExpiredHandlerMissingError: 'TokenRenewalError',
    ConnectCancelledError: 'ConnectError',
  };

  it('is a second copy', () => {
    expect(copy.ConnectError).not.toBe(tree.ConnectError);
  });

  it('recognises each class as itself and its parent only, in both directions', () => {
    for (const [from, to] of [
      [made(copy), tree],
      [made(tree), copy],
    ] as const) {
      for (const [madeName, error] of Object.entries(from)) {
        expect(error instanceof to.ViewlinkError, madeName).toBe(true);
        for (const className of Object.keys(made(tree))) {
          const Class = (to as unknown as Record<string, abstract new (...a: never[]) => Error>)[className];
          const expected = className === madeName || parents[madeName] === className;
          expect(
            error instanceof (Class as abstract new (...a: never[]) => Error),
            `${madeName} instanceof ${className}`,
          ).toBe(expected);
        }
      }
    }
    expect(new copy.ApiKeyNotAllowedError() instanceof tree.ConfigurationError).toBe(true);
  });
});
