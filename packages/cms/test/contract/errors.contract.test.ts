/**
 * Error envelopes the client maps onto its error tree, on both targets (the scenarios that pass
 * on both; the rest of the 400/401/403/404 scenarios are in pending/errors.contract.pending.ts
 * until the fake answers them like WordPress, see MISMATCHES.md).
 */
import { NotFoundError, ValidationError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets } from './targets.js';

describe.each(targets())('errors on $name', (target) => {
  const admin = clientFor(target);

  it('the client rejects per_page 500 itself, before sending', async () => {
    const error = await failure(() => admin.posts.list({ per_page: 500 as 100 }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('404 rest_no_route: a route the server does not have', async () => {
    const error = await failure(() => admin.requestRaw({ method: 'GET', path: '/cms/v2/no-such-route' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'rest_no_route' });
  });

  it('a malformed template id and a revision delete without force are refused before sending', async () => {
    expect(await failure(() => admin.templates.revisions.list('bad:id'))).toBeInstanceOf(ValidationError);
    const error = await failure(() => admin.posts.revisions.delete(1, 2, {} as unknown as { force: true }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(JSON.stringify((error as { issues?: unknown }).issues)).toContain('force');
  });
});

describe('errors: the targets agree', () => {
  it('rest_no_route has the same status, code and message on every target', async () => {
    const answers = await Promise.all(
      targets().map(async (target) => {
        const error = await failure(() =>
          clientFor(target).requestRaw({ method: 'GET', path: '/cms/v2/no-such-route' }),
        );
        return { status: error.status, code: error.code, message: String(error.message).replace(/ \(GET .*\)$/, '') };
      }),
    );
    expect(answers[0]).toMatchObject({ status: 404, code: 'rest_no_route' });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});
