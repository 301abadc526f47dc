/**
 * Revisions and autosaves of a theme template that was never saved (no post behind it, `wp_id`
 * 0): WordPress 6.5.5 answers 403 `rest_cannot_read` (after a PHP warning, reading the missing
 * post's id), 401 without login, and an unknown template 404 `rest_post_invalid_parent`. The
 * fake answers the same; the SDK's error names the method and says what the 403 can mean.
 */
import { AuthenticationError, NotFoundError, PermissionDeniedError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets } from './targets.js';

// A theme template of both targets that no scenario saves (revisions.contract.test.ts saves `index`).
const NEVER_SAVED = 'twentytwentyfour//404';
const HINT = /WordPress answers 403 for a theme template that was never saved, `wp_id` 0/;

describe.each(targets())('a never-saved theme template on $name', (target) => {
  const cms = clientFor(target);

  it('revisions and autosaves answer 403 rest_cannot_read, named at the method called', async () => {
    expect((await cms.templates.get(NEVER_SAVED, { context: 'edit' })).wp_id).toBe(0);
    const cases = [
      [
        'templates.revisions.list()',
        'rest_cannot_read',
        'view revisions',
        () => cms.templates.revisions.list(NEVER_SAVED),
      ],
      [
        'templates.revisions.get()',
        'rest_cannot_read',
        'view revisions',
        () => cms.templates.revisions.get(NEVER_SAVED, 5),
      ],
      [
        'templates.revisions.delete()',
        'rest_cannot_delete',
        'delete revisions',
        () => cms.templates.revisions.delete(NEVER_SAVED, 5, { force: true }),
      ],
      [
        'templates.autosaves.list()',
        'rest_cannot_read',
        'view autosaves',
        () => cms.templates.autosaves.list(NEVER_SAVED),
      ],
      // WordPress checks an autosave read as a revision read.
      [
        'templates.autosaves.get()',
        'rest_cannot_read',
        'view revisions',
        () => cms.templates.autosaves.get(NEVER_SAVED, 5),
      ],
    ] as const;
    for (const [method, code, what, call] of cases) {
      const error = await failure(call);
      expect(error, method).toBeInstanceOf(PermissionDeniedError);
      expect(error, method).toMatchObject({ status: 403, code });
      expect(String(error.message), method).toMatch(
        new RegExp(`^${method.replace(/[.()]/g, '\\$&')}: 403 Sorry, you are not allowed to ${what} of this post\\. `),
      );
      expect(String(error.message), method).toMatch(HINT);
    }
  });

  it('without login 401 rest_cannot_read; an unknown template 404 rest_post_invalid_parent', async () => {
    const anonymous = clientFor(target, 'anonymous');
    const unsigned = await failure(() => anonymous.templates.revisions.list(NEVER_SAVED));
    expect(unsigned).toBeInstanceOf(AuthenticationError);
    expect(unsigned).toMatchObject({ status: 401, code: 'rest_cannot_read' });
    for (const call of [
      () => cms.templates.revisions.list('twentytwentyfour//no-such-template'),
      () => cms.templates.autosaves.list('twentytwentyfour//no-such-template'),
    ]) {
      const missing = await failure(call);
      expect(missing).toBeInstanceOf(NotFoundError);
      expect(missing).toMatchObject({ status: 404, code: 'rest_post_invalid_parent' });
      expect(String(missing.message)).not.toMatch(HINT);
    }
  });
});
