import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../src/index.js';
import { adminClient, fixture, ROOT, rejection, reply, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;

const client = adminClient;

describe('posts', () => {
  it('gets a post with context=edit (real 6.5.5 body)', async () => {
    const body = fixture('post-edit-context').body as { id: number };
    let search = '';
    server.use(
      http.get(`${WP}/posts/${body.id}`, ({ request }) => {
        search = new URL(request.url).search;
        return reply('post-edit-context');
      }),
    );
    const post = await client().cms.posts.get(body.id, { context: 'edit', excerpt_length: 20 });
    expect(post.id).toBe(body.id);
    expect(search).toBe('?context=edit&excerpt_length=20');
  });

  it('creates and updates with JSON bodies', async () => {
    const seen: { method: string; body: unknown }[] = [];
    server.use(
      http.post(`${WP}/posts`, async ({ request }) => {
        seen.push({ method: request.method, body: await request.json() });
        return reply('post-create');
      }),
      http.put(`${WP}/posts/:id`, async ({ request }) => {
        seen.push({ method: request.method, body: await request.json() });
        return reply('post-update');
      }),
    );
    const { cms } = client();
    const created = await cms.posts.create({ title: 'Hello', status: 'draft' });
    const updated = await cms.posts.update(created.id, { title: 'Updated title' });
    expect(updated.id).toBe(created.id);
    expect(seen).toEqual([
      { method: 'POST', body: { title: 'Hello', status: 'draft' } },
      { method: 'PUT', body: { title: 'Updated title' } },
    ]);
  });

  it('trashes by default and deletes permanently with force: true', async () => {
    const forces: (string | null)[] = [];
    server.use(
      http.delete(`${WP}/posts/:id`, ({ request }) => {
        const force = new URL(request.url).searchParams.get('force');
        forces.push(force);
        return reply(force === 'true' ? 'post-delete-force' : 'post-delete-trash');
      }),
    );
    const { cms } = client();
    const trashed = await cms.posts.delete(4);
    expect(trashed.status).toBe('trash');
    const deleted = await cms.posts.delete(4, { force: true });
    expect(deleted.deleted).toBe(true);
    expect(deleted.previous.id).toBe(4);
    expect(forces).toEqual([null, 'true']);
  });

  it('lists with pagination headers and PHP-style term queries', async () => {
    let search = '';
    server.use(
      http.get(`${WP}/posts`, ({ request }) => {
        search = decodeURIComponent(new URL(request.url).search);
        return reply('posts-collection-paged');
      }),
    );
    const page = await client().cms.posts.list({
      per_page: 2,
      page: 2,
      categories: { terms: [3, 4], operator: 'AND' },
      categories_exclude: [9],
    });
    expect(search).toBe(
      '?per_page=2&page=2&categories[terms][]=3&categories[terms][]=4&categories[operator]=AND&categories_exclude[]=9',
    );
    expect(page.total).toBe(7);
    expect(page.totalPages).toBe(4);
    expect([page.prevPage, page.nextPage]).toEqual([1, 3]);
  });

  it('takes one value for a list parameter (status, categories, include) and sends it as a one-item list', async () => {
    const searches: string[] = [];
    server.use(
      http.get(`${WP}/posts`, ({ request }) => {
        searches.push(decodeURIComponent(new URL(request.url).search));
        return reply('posts-collection-paged');
      }),
    );
    const { cms, fetch } = client();
    await cms.posts.list({ status: 'draft', categories: 5, include: 3, tags: { terms: 7 } });
    await cms.posts.list({ status: ['draft', 'publish'], categories: [5, 6] });
    expect(searches).toEqual([
      '?status[]=draft&categories[]=5&include[]=3&tags[terms][]=7',
      '?status[]=draft&status[]=publish&categories[]=5&categories[]=6',
    ]);
    // A bad value is refused before sending, named at its place as WordPress names it (status[0]).
    const bad = await rejection<ValidationError>(cms.posts.list({ status: 'drafts' } as never));
    expect(bad.message).toMatch(/^posts\.list\(\): status\[0\] must be one of "publish", /);
    expect(fetch.calls).toHaveLength(2);
  });

  it('walks every post of every page with for await', async () => {
    const total = 5;
    server.use(
      http.get(`${WP}/posts`, ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page') ?? 1);
        const perPage = Number(url.searchParams.get('per_page') ?? 10);
        const pages = Math.ceil(total / perPage);
        const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * perPage, page * perPage);
        const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) };
        if (page < pages) headers.Link = `<${WP}/posts?per_page=${perPage}&page=${page + 1}>; rel="next"`;
        return HttpResponse.json(
          ids.map((id) => ({ id })),
          { headers },
        );
      }),
    );
    const ids: number[] = [];
    for await (const post of client().cms.posts.list({ per_page: 2 })) ids.push(post.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect((await client().cms.posts.list({ per_page: 2 }).all({ concurrency: 2 })).map((p) => p.id)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('rejects out-of-range per_page, unknown enums and bad ids before sending', async () => {
    const { cms, fetch } = client();
    const perPage = await rejection<ValidationError>(cms.posts.list({ per_page: 500 } as never));
    expect(perPage).toBeInstanceOf(ValidationError);
    expect(perPage.issues.map((i) => i.path.join('.'))).toContain('per_page');
    const orderby = await rejection<ValidationError>(cms.posts.list({ orderby: 'menu_order' } as never));
    expect(orderby.issues[0]?.path).toEqual(['orderby']);
    const page0 = await rejection<ValidationError>(cms.posts.list({ page: 0 }));
    expect(page0.issues[0]?.path).toEqual(['page']);
    const badId = await rejection<ValidationError>(cms.posts.get(-3));
    expect(badId.issues[0]?.path).toEqual(['id']);
    const status = await rejection<ValidationError>(cms.posts.create({ status: 'trash' } as never));
    expect(status.issues[0]?.path).toEqual(['status']);
    expect(fetch.calls).toHaveLength(0);
  });

  it('maps a missing post to NotFoundError with its code', async () => {
    server.use(http.get(`${WP}/posts/999`, () => reply('error-404-post')));
    const error = await rejection<NotFoundError>(client().cms.posts.get(999));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe('rest_post_invalid_id');
  });
});
