// instanceof across copies of the error tree (issue 15, item 4): a second module instance stands
// in for the CJS build or a second installed version. The packed tarballs are checked the same
// way in scripts/consumer-test.mjs.
import { describe, expect, it } from 'vitest';
import * as tree from '../src/errors/tree.js';

/** A second instance of a source module (the query makes it another module id): what a CJS build or another installed version is. */
const secondCopy = (path: string): Promise<unknown> => import(/* @vite-ignore */ `${path}?copy=second`);

type ErrorClass = abstract new (...args: never[]) => Error;

/** Every exported error class of a module, by name. */
export function errorClasses(module: Record<string, unknown>): Map<string, ErrorClass> {
  const out = new Map<string, ErrorClass>();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === 'function' && value.prototype instanceof Error) out.set(name, value as ErrorClass);
  }
  return out;
}

const request = { method: 'GET', url: 'http://127.0.0.1/x' };
/** One instance of each transport error class, made by the given copy of the module. */
function samples(copy: typeof tree): Map<string, Error> {
  const api = { ...request, status: 400 };
  return new Map<string, Error>([
    ['ViewlinkError', new copy.ViewlinkError('m', 'c')],
    ['ConfigurationError', new copy.ConfigurationError('m')],
    ['ValidationError', new copy.ValidationError('input', [])],
    ['ResponseValidationError', new copy.ResponseValidationError(request, 200, [])],
    ['APIError', new copy.APIError({ ...api, status: 418 })],
    ['BadRequestError', new copy.BadRequestError(api)],
    ['AuthenticationError', new copy.AuthenticationError(api)],
    ['PermissionDeniedError', new copy.PermissionDeniedError(api)],
    ['NotFoundError', new copy.NotFoundError(api)],
    ['ConflictError', new copy.ConflictError(api)],
    ['UnprocessableEntityError', new copy.UnprocessableEntityError(api)],
    ['RateLimitError', new copy.RateLimitError(api)],
    ['InternalServerError', new copy.InternalServerError(api)],
    ['ConnectionError', new copy.ConnectionError(request, 'refused')],
    ['TimeoutError', new copy.TimeoutError(request)],
    ['AbortError', new copy.AbortError(request)],
    ['TokenRenewalError', new copy.TokenRenewalError('m', { userId: 'u' })],
  ]);
}

/**
 * For every pair (instance of class A from `made`, class B from `checked`): `instanceof` is true
 * exactly when B is A or one of its ancestors in the reference tree `reference`.
 */
export function expectIdentityMatrix(
  made: Map<string, Error>,
  checked: Map<string, ErrorClass>,
  reference: Map<string, ErrorClass>,
): number {
  let pairs = 0;
  for (const [madeName, error] of made) {
    const own = reference.get(madeName);
    expect(own, madeName).toBeDefined();
    for (const [checkedName, Class] of checked) {
      const ancestor = reference.get(checkedName) as ErrorClass;
      // The ordinary prototype test inside one copy says what the answer must be.
      const expected = Function.prototype[Symbol.hasInstance].call(
        ancestor,
        Object.create((own as ErrorClass).prototype),
      );
      expect(error instanceof Class, `${madeName} instanceof ${checkedName}`).toBe(expected);
      pairs++;
    }
  }
  return pairs;
}

describe('error identity across copies of the package', async () => {
  // A second instance of the same source module: what a CJS build or another version looks like.
  const other = (await secondCopy('../src/errors/tree.ts')) as typeof tree;

  it('is really a second copy (its classes are other objects)', () => {
    expect(other.NotFoundError).not.toBe(tree.NotFoundError);
    expect(
      Function.prototype[Symbol.hasInstance].call(
        tree.NotFoundError,
        new other.NotFoundError({ ...request, status: 404 }),
      ),
    ).toBe(false);
  });

  it('samples every exported error class', () => {
    expect([...samples(tree).keys()].sort()).toEqual([...errorClasses(tree).keys()].sort());
  });

  it('holds in both directions, and a class accepts only itself and its subclasses', () => {
    const reference = errorClasses(tree);
    const pairs =
      expectIdentityMatrix(samples(other), errorClasses(tree), reference) +
      expectIdentityMatrix(samples(tree), errorClasses(other), reference);
    expect(pairs).toBe(2 * 17 * 17);
    // The case the issue names: a ConflictError check accepts no ValidationError.
    expect(new other.ValidationError('x', []) instanceof tree.ConflictError).toBe(false);
    expect(new other.ConflictError({ ...request, status: 409 }) instanceof tree.APIError).toBe(true);
  });

  it('keeps apiErrorFor and the mapped subclasses recognisable', () => {
    const error = other.apiErrorFor({ ...request, status: 429, retryAfterMs: 1000 });
    expect(error instanceof tree.RateLimitError).toBe(true);
    expect(error instanceof tree.InternalServerError).toBe(false);
  });

  it('rejects values that are not Viewlink errors', () => {
    for (const value of [null, undefined, 0, 'NotFoundError', {}, new Error('x'), Object.create(null)]) {
      expect(value instanceof tree.ViewlinkError).toBe(false);
      expect(value instanceof tree.NotFoundError).toBe(false);
    }
  });

  it('checks a subclass written by a user the ordinary way (it has no brand of its own)', () => {
    class MyNotFound extends tree.NotFoundError {}
    const mine = new MyNotFound({ ...request, status: 404 });
    expect(mine instanceof MyNotFound).toBe(true);
    expect(mine instanceof tree.NotFoundError).toBe(true);
    expect(mine instanceof other.NotFoundError).toBe(true);
    expect(new tree.NotFoundError({ ...request, status: 404 }) instanceof MyNotFound).toBe(false);
  });

  it('isViewlinkError answers as instanceof does, across copies (for Hermes, which ignores Symbol.hasInstance)', () => {
    let trueAnswers = 0;
    for (const [madeName, error] of samples(other))
      for (const [checkedName, Class] of errorClasses(tree)) {
        const answer = tree.isViewlinkError(error, Class);
        expect(answer, `${madeName} is ${checkedName}`).toBe(error instanceof Class);
        if (answer) trueAnswers++;
      }
    // Each sample is at least its own class and ViewlinkError: the loop compared real answers.
    expect(trueAnswers).toBeGreaterThanOrEqual(2 * samples(other).size - 1);
    expect(tree.isViewlinkError(new other.ValidationError('x', []))).toBe(true);
    expect(tree.isViewlinkError(new other.ValidationError('x', []), tree.ConflictError)).toBe(false);
    for (const value of [null, undefined, 0, 'ViewlinkError', {}, new Error('x')])
      expect(tree.isViewlinkError(value)).toBe(false);
  });

  it('leaves no trace of the brand in JSON, spreads or keys', () => {
    const error = new tree.NotFoundError({ ...request, status: 404 });
    expect(Object.keys(error)).not.toContain('viewlinkBrand');
    expect(Object.getOwnPropertySymbols({ ...error })).toEqual([]);
    expect(JSON.stringify(error)).not.toContain('viewlink/');
  });
});
