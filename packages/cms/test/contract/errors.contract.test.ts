/**
 * Error envelopes the client maps onto its error tree, on both targets: 400 rest_invalid_param
 * with data.params, 401 anonymous / wrong application password, 403 subscriber, 404
 * rest_post_invalid_id and rest_no_route, and the client's own checks before sending. The server
 * must answer these: `requestRaw` bypasses the client's input checks where they would catch the
 * mistake first.
 */
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets } from './targets.js';

describe.each(targets())('errors on $name', (target) => {
  const admin = clientFor(target);

  it('the client rejects per_page 500 itself, before sending', async () => {
    const error = await failure(() => admin.posts.list({ per_page: 500 as 100 }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('drafts listed without a signed-in user: 400 for `status`, the message says it was the sign-in', async () => {
    const wrong = 'wrong appl pass word zzzz';
    for (const client of [clientFor(target, 'anonymous'), clientFor(target, 'admin', wrong)]) {
      const error = await failure(() => client.posts.list({ status: ['draft'] }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({
        status: 400,
        code: 'rest_invalid_param',
        params: { status: 'Status is forbidden.' },
      });
      expect(error.message).toMatch(/\(`status` needs a signed-in user\.\) Not signed in: /);
      expect(error.message).not.toContain(wrong);
    }
    // Signed in but not allowed (a subscriber): the same 400, with no sign-in hint.
    const refused = await failure(() => clientFor(target, 'subscriber').posts.list({ status: ['draft'] }));
    expect(refused).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
      params: { status: 'Status is forbidden.' },
    });
    expect(refused.message).not.toContain('Not signed in');
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

  it('400 rest_invalid_param names the parameter in params (per_page out of range)', async () => {
    const error = await failure(() =>
      admin.requestRaw({ method: 'GET', path: '/cms/v2/posts', query: { per_page: 500 } }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    expect(Object.keys(error.params as object)).toEqual(['per_page']);
    expect((error.params as Record<string, string>).per_page).toMatch(/per_page/);
  });

  it('401 rest_cannot_create: anonymous post create', async () => {
    const error = await failure(() => clientFor(target, 'anonymous').posts.create({ title: 'anonymous' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'rest_cannot_create' });
  });

  it('401 with a wrong application password on a protected route', async () => {
    const wrong = clientFor(target, 'admin', 'abcd efgh ijkl mnop qrst uvwx');
    const error = await failure(() => wrong.posts.create({ title: 'wrong password' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    // WordPress treats the request as anonymous once the application password fails.
    expect(error).toMatchObject({ status: 401, code: 'rest_cannot_create' });
    expect(JSON.stringify(error)).not.toContain('abcd efgh');
    expect(String(error)).not.toContain('abcd efgh');
  });

  it('403 rest_cannot_create: a subscriber creating a post', async () => {
    const error = await failure(() => clientFor(target, 'subscriber').posts.create({ title: 'subscriber' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_create' });
  });

  it('404 rest_post_invalid_id: a post that does not exist', async () => {
    const error = await failure(() => admin.posts.get(987_654_321));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'rest_post_invalid_id' });
  });

  it('401 rest_cannot_view: anonymous list of menu items (a protected collection)', async () => {
    const error = await failure(() => clientFor(target, 'anonymous').menuItems.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'rest_cannot_view' });
  });

  it('a null JSON body reads as no body: a menu item without a title is refused alike', async () => {
    const path = `${target.namespaces.cms ?? 'cms/v2'}/menu-items`;
    const { username, applicationPassword } = target.admin;
    const send = async (body: string) => {
      const response = await fetch(`${target.restRoot}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${username}:${applicationPassword}`)}`,
          'content-type': 'application/json',
        },
        body,
      });
      const answer = (await response.json()) as { code?: string; id?: number };
      if (answer.id !== undefined) await clientFor(target).menuItems.delete(answer.id, { force: true });
      return { status: response.status, code: answer.code };
    };
    const asNull = await send('null');
    expect(asNull).toEqual(await send('{}'));
  });

  it('a wrong application password on a public route is served anonymously (200), not an error', async () => {
    const wrong = clientFor(target, 'admin', 'abcd efgh ijkl mnop qrst uvwx');
    const page = await wrong.posts.list({ per_page: 1 });
    expect(Array.isArray(page.items)).toBe(true);
    expect(page.total).toEqual(expect.any(Number));
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
