// instanceof across copies for the store error: a second instance of the errors module stands in
// for the CJS build or another installed version of @viewlink/redis (as the partner's own test does).
import { isViewlinkError, ViewlinkError } from '@viewlink/partner';
import { describe, expect, it } from 'vitest';
import * as errors from '../src/errors.js';

describe('SharedStoreError identity across copies', async () => {
  const path = '../src/errors.ts';
  // The query makes it another module id: another copy of the class.
  const copy = (await import(/* @vite-ignore */ `${path}?copy=second`)) as typeof errors;

  it('is recognised by the class of another copy, in both directions, and on engines without Symbol.hasInstance', () => {
    expect(copy.SharedStoreError).not.toBe(errors.SharedStoreError);
    const theirs = new copy.SharedStoreError('token-store.get', new Error('down'));
    const ours = new errors.SharedStoreError('token-store.get', new Error('down'));
    // It had no brand of its own: only the prototype check, which misses another copy's error.
    expect(theirs instanceof errors.SharedStoreError).toBe(true);
    expect(ours instanceof copy.SharedStoreError).toBe(true);
    expect(isViewlinkError(theirs, errors.SharedStoreError)).toBe(true);
    expect(theirs instanceof ViewlinkError).toBe(true);
    expect(new ViewlinkError('m', 'c') instanceof errors.SharedStoreError).toBe(false);
    expect(ours.name).toBe('SharedStoreError');
    expect(ours.toJSON()).toMatchObject({
      name: 'SharedStoreError',
      code: 'shared_store_failed',
      operation: 'token-store.get',
    });
  });
});
