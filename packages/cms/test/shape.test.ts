/**
 * `context`, `_fields` and `_embed` at run time (issue 13, item 4): how they are sent, the
 * field-name check before sending, and response validation narrowed to the picked fields (a
 * trimmed record never fails for the fields left out; a wrong type on a picked one still fails).
 * The types are pinned in shape.test-d.ts; the real server in contract/shape.contract.test.ts.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ResponseValidationError, ValidationError } from '../src/index.js';
import { adminClient, fixture, ROOT, rejection, reply, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;

/** Answers `body` on GET `path` and records each request's query. */
function answer(path: string, body: unknown): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(`${WP}${path}`, ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json(body as never);
    }),
  );
  return seen;
}

describe('_fields', () => {
  it('is sent as one comma-separated list, and a record trimmed to those fields validates', async () => {
    const seen = answer('/posts', [{ id: 1, title: { rendered: 'Hello' } }]);
    const { cms } = adminClient();
    const page = await cms.posts.list({ per_page: 5, _fields: ['id', 'title'] });
    expect(seen[0]?.get('_fields')).toBe('id,title');
    expect(seen[0]?.get('per_page')).toBe('5');
    expect(page.items).toEqual([{ id: 1, title: { rendered: 'Hello' } }]);
  });

  it('does not require fields left out, not even `id`', async () => {
    answer('/posts/7', { title: { rendered: 'Only the title' } });
    const { cms } = adminClient();
    const post = await cms.posts.get(7, { _fields: ['title'] });
    expect(post.title.rendered).toBe('Only the title');
  });

  it('still fails a wrong type on a picked field', async () => {
    answer('/posts/7', { id: 'seven', title: { rendered: 'x' } });
    const { cms } = adminClient();
    const error = await rejection<ResponseValidationError>(cms.posts.get(7, { _fields: ['id', 'title'] }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(JSON.stringify(error.issues)).toContain('id');
  });

  it('the full record still requires its fields without _fields', async () => {
    answer('/posts/7', { title: { rendered: 'no id' } });
    const { cms } = adminClient();
    expect(await rejection(cms.posts.get(7))).toBeInstanceOf(ResponseValidationError);
  });

  it('refuses an unknown field name with a ValidationError naming it, before sending', async () => {
    const { cms, fetch } = adminClient();
    const error = await rejection(cms.posts.list({ _fields: ['id', 'titel' as 'title'] }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path: ['_fields', 1] })]);
    expect(error.issues[0]?.message).toContain('"titel"');
    expect(fetch.calls).toHaveLength(0);
  });

  it('refuses a field of another type (a page field on posts), and a malformed name', async () => {
    const { cms, fetch } = adminClient();
    expect(await rejection(cms.posts.get(1, { _fields: ['menu_order' as 'id'] }))).toBeInstanceOf(ValidationError);
    expect(await rejection(cms.posts.get(1, { _fields: ['id,title' as 'id'] }))).toBeInstanceOf(ValidationError);
    expect(fetch.calls).toHaveLength(0);
  });

  it('takes dotted names: the top-level field must exist, its part passes as sent', async () => {
    const seen = answer('/pages', [{ id: 2, title: { rendered: 'About' } }]);
    const { cms, fetch } = adminClient();
    const page = await cms.pages.list({ _fields: ['id', 'title.rendered'] });
    expect(seen[0]?.get('_fields')).toBe('id,title.rendered');
    expect(page.items[0]?.title.rendered).toBe('About');
    expect(await rejection(cms.pages.list({ _fields: ['nope.rendered' as 'id'] }))).toBeInstanceOf(ValidationError);
    expect(fetch.calls).toHaveLength(1);
  });

  it('narrows revisions, autosaves, templates, media and menu items alike', async () => {
    answer('/posts/3/revisions', [{ title: { rendered: 'r' } }]);
    answer('/posts/3/autosaves', [{ title: { rendered: 'a' } }]);
    answer('/templates', [{ slug: 'index' }]);
    answer('/media/4', { source_url: 'http://127.0.0.1/x.png' });
    answer('/menu-items', [{ url: 'https://example.com/' }]);
    const { cms } = adminClient();
    expect((await cms.posts.revisions.list(3, { _fields: ['title'] })).items[0]?.title.rendered).toBe('r');
    expect((await cms.posts.autosaves.list(3, { _fields: ['title'] }))[0]?.title.rendered).toBe('a');
    expect((await cms.templates.list({ _fields: ['slug'] }))[0]?.slug).toBe('index');
    expect((await cms.media.get(4, { _fields: ['source_url'] })).source_url).toBe('http://127.0.0.1/x.png');
    expect((await cms.menuItems.list({ _fields: ['url'] })).items[0]?.url).toBe('https://example.com/');
  });
});

describe('_embed', () => {
  it('`true` is sent as a bare `_embed`, and the real embedded author validates', async () => {
    const body = fixture('posts-embed').body;
    const seen: URLSearchParams[] = [];
    server.use(
      http.get(`${WP}/posts/:id`, ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return reply('posts-embed');
      }),
    );
    const { cms } = adminClient();
    const post = await cms.posts.get(1, { _embed: true });
    expect(seen[0]?.has('_embed')).toBe(true);
    expect(seen[0]?.get('_embed')).toBe('');
    expect(post._embedded).toEqual((body as { _embedded: unknown })._embedded);
    const [author] = post._embedded?.author ?? [];
    expect(author && 'name' in author ? author.name : undefined).toBe('admin');
  });

  it('a list of relations is sent comma-separated; an empty list is not sent', async () => {
    const seen = answer('/posts', [{ id: 1 }]);
    const { cms } = adminClient();
    await cms.posts.list({ _embed: ['author', 'wp:term'] });
    await cms.posts.list({ _embed: [] });
    expect(seen[0]?.get('_embed')).toBe('author,wp:term');
    expect(seen[1]?.has('_embed')).toBe(false);
  });

  it('with _fields, also asks for `_links` and `_embedded` (WordPress embeds only with `_links`)', async () => {
    const seen = answer('/posts', [{ id: 1, _links: {}, _embedded: { author: [{ id: 1, name: 'admin' }] } }]);
    const { cms } = adminClient();
    const page = await cms.posts.list({ _fields: ['id'], _embed: ['author'] });
    expect(seen[0]?.get('_fields')).toBe('id,_links,_embedded');
    expect(page.items[0]?._embedded?.author?.[0]).toEqual({ id: 1, name: 'admin' });
  });

  it('validates _embedded loosely: unknown relations and fields pass, a malformed known relation fails', async () => {
    const embedded = {
      author: [{ id: 1, name: 'admin', extra: true }],
      'wp:term': [[{ id: 1, name: 'Uncategorized', taxonomy: 'category' }], []],
      'wp:featuredmedia': [{ code: 'rest_forbidden', message: 'Sorry', data: { status: 401 } }],
      'wp:plugin-thing': [{ anything: 1 }],
    };
    answer('/posts/1', { id: 1, _embedded: embedded });
    const { cms } = adminClient();
    const post = await cms.posts.get(1, { _embed: true });
    expect(post._embedded).toEqual(embedded);

    answer('/posts/2', { id: 2, _embedded: { author: { id: 1 } } });
    expect(await rejection(cms.posts.get(2, { _embed: true }))).toBeInstanceOf(ResponseValidationError);
  });

  it('refuses a malformed relation name before sending', async () => {
    const { cms, fetch } = adminClient();
    expect(await rejection(cms.posts.list({ _embed: ['author,replies' as 'author'] }))).toBeInstanceOf(ValidationError);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('context', () => {
  it('is sent as given on every read, and an embed-context record validates', async () => {
    const seen = answer('/posts/1', { id: 1, title: { rendered: 'Hello' }, _links: {} });
    const { cms } = adminClient();
    const post = await cms.posts.get(1, { context: 'embed' });
    expect(seen[0]?.get('context')).toBe('embed');
    expect(post.title?.rendered).toBe('Hello');
  });
});

describe('cms.request()', () => {
  it('takes _fields and _embed on GET routes: checked, serialised and validated alike (its result type is not shaped)', async () => {
    const seen = answer('/posts/7', { title: { rendered: 'x' } });
    const { cms, fetch } = adminClient();
    const post = await cms.request('GET /cms/v2/posts/{id}', { id: 7, _fields: ['title'] });
    expect(seen[0]?.get('_fields')).toBe('title');
    expect(post.title?.rendered).toBe('x');
    expect(await rejection(cms.request('GET /cms/v2/posts/{id}', { id: 7, _fields: ['nope'] }))).toBeInstanceOf(
      ValidationError,
    );
    expect(fetch.calls).toHaveLength(1);
  });
});
