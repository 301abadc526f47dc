import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { PermissionDeniedError, ValidationError } from '../src/index.js';
import { NEVER_SAVED_TEMPLATE } from '../src/resources/resource.js';
import { adminClient, ROOT, rejection, reply, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;

const client = adminClient;

/** msw matches on the raw pathname, so template ids with `//` are matched by predicate. */
function onPath(method: string, pathname: string, respond: (request: Request) => Response | Promise<Response>) {
  return http.all(
    ({ request }) => request.method === method && new URL(request.url).pathname === pathname,
    ({ request }) => respond(request),
  );
}

describe('revisions', () => {
  it('lists post revisions with pagination and gets one', async () => {
    server.use(
      http.get(`${WP}/posts/4/revisions`, () =>
        reply('post-revisions', { headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' } }),
      ),
      http.get(`${WP}/posts/4/revisions/7`, () => HttpResponse.json({ id: 7, parent: 4 })),
    );
    const { cms } = client();
    const page = await cms.posts.revisions.list(4, { per_page: 5 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBe(2);
    expect((await cms.posts.revisions.get(4, 7)).id).toBe(7);
  });

  it('deletes a revision only with force: true (type and run time)', async () => {
    const forces: (string | null)[] = [];
    server.use(
      http.delete(`${WP}/pages/2/revisions/9`, ({ request }) => {
        forces.push(new URL(request.url).searchParams.get('force'));
        return HttpResponse.json({ deleted: true, previous: { id: 9 } });
      }),
    );
    const { cms, fetch } = client();
    const result = await cms.pages.revisions.delete(2, 9, { force: true });
    expect(result.deleted).toBe(true);
    expect(forces).toEqual(['true']);
    const calls = fetch.calls.length;
    // @ts-expect-error force is required
    const missing = await rejection(cms.pages.revisions.delete(2, 9, {}));
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing.issues[0]?.path).toEqual(['force']);
    // @ts-expect-error force must be true
    await expect(cms.blocks.revisions.delete(2, 9, { force: false })).rejects.toThrow(/force/);
    expect(fetch.calls.length).toBe(calls);
  });

  it('handles template revisions with theme//slug ids', async () => {
    const paths: string[] = [];
    server.use(
      onPath('GET', '/wp-json/wp/v2/templates/twentytwentyfour//index/revisions', (request) => {
        paths.push(new URL(request.url).pathname);
        return reply('template-revisions', { headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' } });
      }),
      onPath('DELETE', '/wp-json/wp/v2/templates/twentytwentyfour//index/revisions/19', () =>
        HttpResponse.json({ deleted: true, previous: { id: 'twentytwentyfour//index', wp_id: 19 } }),
      ),
    );
    const { cms } = client();
    const page = await cms.templates.revisions.list('twentytwentyfour//index');
    expect(page.items[0]).toMatchObject({ id: 'twentytwentyfour//index', wp_id: 19 });
    expect(paths).toEqual(['/wp-json/wp/v2/templates/twentytwentyfour//index/revisions']);
    expect((await cms.templates.revisions.delete('twentytwentyfour//index', 19, { force: true })).deleted).toBe(true);
  });

  it("a never-saved template's 403 names the method, keeps the server's message and says what it can mean; the echoed password stays redacted", async () => {
    const password = 'abcd efgh ijkl mnop qrst uvwx';
    const said = `Sorry, you are not allowed to view revisions of this post. (${password})`;
    server.use(
      onPath('GET', '/wp-json/wp/v2/templates/twentytwentyfour//404/revisions', () =>
        HttpResponse.json(
          { code: 'rest_cannot_read', message: said, data: { status: 403 } },
          { status: 403, headers: { 'x-request-id': 'req_403' } },
        ),
      ),
    );
    const { cms } = client();
    const error = await rejection<PermissionDeniedError>(cms.templates.revisions.list('twentytwentyfour//404'));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    const url = `${WP}/templates/twentytwentyfour//404/revisions`;
    const server403 = 'Sorry, you are not allowed to view revisions of this post. ([REDACTED])';
    expect(error).toMatchObject({ status: 403, code: 'rest_cannot_read', requestId: 'req_403', method: 'GET', url });
    expect(error.message).toBe(`templates.revisions.list(): 403 ${server403} ${NEVER_SAVED_TEMPLATE} (GET ${url})`);
    expect(error.serverMessage).toBe(`${server403} ${NEVER_SAVED_TEMPLATE}`);
    expect(error.callSite).toBe('templates.revisions.list()');
    expect(JSON.stringify(error)).not.toContain('ijkl');
  });

  it("a template's autosave reads say what a 403 can mean; a post's revisions and autosaves do not", async () => {
    const said = 'Sorry, you are not allowed to view revisions of this post.';
    const refuse = () =>
      HttpResponse.json({ code: 'rest_cannot_read', message: said, data: { status: 403 } }, { status: 403 });
    server.use(
      onPath('GET', '/wp-json/wp/v2/templates/twentytwentyfour//404/autosaves', refuse),
      onPath('GET', '/wp-json/wp/v2/templates/twentytwentyfour//404/autosaves/7', refuse),
      onPath('GET', '/wp-json/wp/v2/posts/5/revisions', refuse),
      onPath('GET', '/wp-json/wp/v2/posts/5/autosaves', refuse),
    );
    const { cms } = client();
    for (const call of [
      () => cms.templates.autosaves.list('twentytwentyfour//404'),
      () => cms.templates.autosaves.get('twentytwentyfour//404', 7),
    ])
      expect((await rejection<PermissionDeniedError>(call())).serverMessage).toBe(`${said} ${NEVER_SAVED_TEMPLATE}`);
    for (const call of [() => cms.posts.revisions.list(5), () => cms.posts.autosaves.list(5)])
      expect((await rejection<PermissionDeniedError>(call())).serverMessage).toBe(said);
  });

  it.each(['', 'a//b//c', 'bad:id', 'what?', 'x|y', 'a/b/c', '//slug'])(
    'rejects template id %j before sending',
    async (id) => {
      const { cms, fetch } = client();
      const list = await rejection(cms.templates.revisions.list(id));
      expect(list).toBeInstanceOf(ValidationError);
      expect(list.issues[0]?.path).toEqual(['template_id']);
      await expect(cms.templates.autosaves.create(id, { content: 'x' })).rejects.toBeInstanceOf(ValidationError);
      expect(fetch.calls).toHaveLength(0);
    },
  );
});

describe('autosaves', () => {
  it('lists, creates and gets post autosaves', async () => {
    let created: unknown;
    server.use(
      http.get(`${WP}/posts/4/autosaves`, () => reply('post-autosaves')),
      http.post(`${WP}/posts/4/autosaves`, async ({ request }) => {
        created = await request.json();
        return reply('post-autosave-create');
      }),
      http.get(`${WP}/posts/4/autosaves/11`, () => HttpResponse.json({ id: 11, parent: 4 })),
    );
    const { cms } = client();
    const list = await cms.posts.autosaves.list(4);
    expect(Array.isArray(list)).toBe(true);
    const autosave = await cms.posts.autosaves.create(4, { title: 'draft title' });
    expect(autosave.id).toBeTypeOf('number');
    expect(created).toEqual({ title: 'draft title' });
    expect((await cms.posts.autosaves.get(4, 11)).id).toBe(11);
  });

  it('autosaves a template by theme//slug id', async () => {
    server.use(
      onPath('POST', '/wp-json/wp/v2/templates/twentytwentyfour//index/autosaves', () => reply('template-autosave')),
    );
    server.use(
      onPath('GET', '/wp-json/wp/v2/templates/twentytwentyfour//index/autosaves/31', () => reply('template-autosave')),
    );
    const { cms } = client();
    const saved = await cms.templates.autosaves.create('twentytwentyfour//index', {
      content: '<!-- wp:paragraph --><p>autosaved</p><!-- /wp:paragraph -->',
    });
    expect(saved).toMatchObject({ id: 'twentytwentyfour//index' });
    const again = await cms.templates.autosaves.get('twentytwentyfour//index', 31);
    expect(again.theme).toBe('twentytwentyfour');
    await expect(cms.templates.autosaves.get('bad:id', 31)).rejects.toBeInstanceOf(ValidationError);
  });

  it('has autosaves for pages, menu items and blocks', async () => {
    server.use(
      http.get(`${WP}/pages/2/autosaves`, () => HttpResponse.json([])),
      http.get(`${WP}/menu-items/3/autosaves`, () => HttpResponse.json([])),
      http.get(`${WP}/blocks/5/autosaves`, () => HttpResponse.json([])),
    );
    const { cms } = client();
    expect(await cms.pages.autosaves.list(2)).toEqual([]);
    expect(await cms.menuItems.autosaves.list(3)).toEqual([]);
    expect(await cms.blocks.autosaves.list(5)).toEqual([]);
  });
});
