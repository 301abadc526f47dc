// instanceof across copies for the partner's own errors: a second instance of each errors module
// stands in for the CJS build or another installed version (the tarballs: scripts/consumer-test.mjs).
import { ConflictError, ValidationError, ViewlinkError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import * as core from '../src/core/errors.js';
import * as files from '../src/files/errors.js';
import * as webhooks from '../src/webhooks/errors.js';

/** A second instance of a source module (the query makes it another module id): what a CJS build or another installed version is. */
const secondCopy = (path: string): Promise<unknown> => import(/* @vite-ignore */ `${path}?copy=second`);

describe('partner error identity across copies', async () => {
  const coreCopy = (await secondCopy('../src/core/errors.ts')) as typeof core;
  const filesCopy = (await secondCopy('../src/files/errors.ts')) as typeof files;
  const webhooksCopy = (await secondCopy('../src/webhooks/errors.ts')) as typeof webhooks;

  const made = (copy: typeof core, f: typeof files, w: typeof webhooks): Record<string, Error> => ({
    UserActionRequiredError: new copy.UserActionRequiredError([]),
    RefreshRefusedError: new copy.RefreshRefusedError({
      reason: 'burst',
      userId: 'u',
      service: undefined,
      retryAfterMs: 1,
    }),
    RefreshLedgerError: new copy.RefreshLedgerError({ userId: 'u', service: undefined, cause: undefined }),
    HistoryLimitError: new copy.HistoryLimitError(10),
    DataFileError: new f.DataFileError('bad_response', 'm'),
    WebhookVerificationError: new w.WebhookVerificationError('missing_signature'),
    WebhookBodyError: new w.WebhookBodyError('too_large', 'm'),
  });
  const classes = (copy: typeof core, f: typeof files, w: typeof webhooks) => ({
    UserActionRequiredError: copy.UserActionRequiredError,
    RefreshRefusedError: copy.RefreshRefusedError,
    RefreshLedgerError: copy.RefreshLedgerError,
    HistoryLimitError: copy.HistoryLimitError,
    DataFileError: f.DataFileError,
    WebhookVerificationError: w.WebhookVerificationError,
    WebhookBodyError: w.WebhookBodyError,
  });

  it('are second copies', () => {
    expect(coreCopy.HistoryLimitError).not.toBe(core.HistoryLimitError);
    expect(webhooksCopy.WebhookBodyError).not.toBe(webhooks.WebhookBodyError);
  });

  it('recognise each class only as itself (and its Viewlink ancestors), in both directions', () => {
    for (const [from, to] of [
      [made(coreCopy, filesCopy, webhooksCopy), classes(core, files, webhooks)],
      [made(core, files, webhooks), classes(coreCopy, filesCopy, webhooksCopy)],
    ] as const) {
      for (const [madeName, error] of Object.entries(from)) {
        expect(error instanceof ViewlinkError, madeName).toBe(true);
        for (const [className, Class] of Object.entries(to)) {
          expect(
            error instanceof (Class as abstract new (...a: never[]) => Error),
            `${madeName} instanceof ${className}`,
          ).toBe(madeName === className);
        }
      }
    }
  });

  it('keeps the transport ancestry of UserActionRequiredError, and nothing more', () => {
    const error = new coreCopy.UserActionRequiredError([]);
    expect(error instanceof ValidationError).toBe(true);
    expect(error instanceof ConflictError).toBe(false);
    expect(new ValidationError('x', []) instanceof core.UserActionRequiredError).toBe(false);
  });
});
