/** Pages, menu items, blocks and templates: CRUD over the real 6.5.5 bodies, inputs checked before sending. */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index.js';
import { adminClient, fixture, ROOT, rejection, reply, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;

const client = adminClient;

/** Records method, path, query and JSON body of every request it answers. */
function recorder() {
  const seen: { method: string; path: string; search: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    seen.push({
      method: request.method,
      path: url.pathname,
      search: decodeURIComponent(url.search),
      body: text ? JSON.parse(text) : undefined,
    });
  };
  return { seen, record };
}

/** msw matches on the raw pathname, so template ids with `//` are matched by predicate. */
function onPath(method: string, pathname: string, respond: (request: Request) => Response | Promise<Response>) {
  return http.all(
    ({ request }) => request.method === method && new URL(request.url).pathname === pathname,
    ({ request }) => respond(request),
  );
}

describe('pages', () => {
  it('lists with page-only parameters and creates with parent and menu_order', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get(`${WP}/pages`, async ({ request }) => {
        await record(request);
        return reply('pages-list');
      }),
      http.post(`${WP}/pages`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ id: 40, parent: 2, menu_order: 3, type: 'page' }, { status: 201 });
      }),
    );
    const { cms } = client();
    const page = await cms.pages.list({ parent: [2], orderby: 'menu_order', menu_order: 1 });
    expect(page.items[0]).toMatchObject({ id: 2, slug: 'sample-page' });
    const created = await cms.pages.create({ title: 'About', parent: 2, menu_order: 3 });
    expect(created).toMatchObject({ id: 40, parent: 2 });
    expect(seen.map((s) => s.search)).toEqual(['?parent[]=2&orderby=menu_order&menu_order=1', '']);
    expect(seen[1]?.body).toEqual({ title: 'About', parent: 2, menu_order: 3 });
  });

  it('rejects post-only fields and orderby values before sending', async () => {
    const { cms, fetch } = client();
    const error = await rejection(cms.pages.create({ sticky: true } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0]?.path).toEqual(['sticky']);
    await expect(cms.posts.list({ orderby: 'menu_order' } as never)).rejects.toThrow(/orderby/);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('menu items', () => {
  it('sends only the fields given: no documented defaults on create or update', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post(`${WP}/menu-items`, async ({ request }) => {
        await record(request);
        return reply('menu-item-create');
      }),
      http.put(`${WP}/menu-items/17`, async ({ request }) => {
        await record(request);
        return reply('menu-item-create', { status: 200 });
      }),
      http.delete(`${WP}/menu-items/17`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ deleted: true, previous: fixture('menu-item-create').body });
      }),
    );
    const { cms } = client();
    const item = await cms.menuItems.create({ title: 'Home', url: 'http://127.0.0.1/', menus: 2 });
    expect(item).toMatchObject({ id: 17, type: 'custom', menu_order: 1 });
    await cms.menuItems.update(17, { title: 'Start' });
    const gone = await cms.menuItems.delete(17, { force: true });
    expect(gone.deleted).toBe(true);
    expect(gone.previous.id).toBe(17);
    expect(seen.map((s) => [s.method, s.search, s.body])).toEqual([
      ['POST', '', { title: 'Home', url: 'http://127.0.0.1/', menus: 2 }],
      ['PUT', '', { title: 'Start' }],
      ['DELETE', '?force=true', undefined],
    ]);
  });

  it('keeps the limits: menu_order >= 1, parent >= 0, target _blank or empty, per_page 1-100', async () => {
    const { cms, fetch } = client();
    expect((await rejection(cms.menuItems.update(1, { menu_order: 0 }))).issues[0]?.path).toEqual(['menu_order']);
    expect((await rejection(cms.menuItems.create({ parent: -1 }))).issues[0]?.path).toEqual(['parent']);
    expect((await rejection(cms.menuItems.create({ target: '_self' } as never))).issues[0]?.path).toEqual(['target']);
    expect((await rejection(cms.menuItems.list({ per_page: 101 } as never))).issues[0]?.path).toEqual(['per_page']);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('blocks', () => {
  it('creates a block, lists by pattern category and trashes it', async () => {
    const { seen, record } = recorder();
    const block = fixture('block-create').body as { id: number };
    server.use(
      http.post(`${WP}/blocks`, async ({ request }) => {
        await record(request);
        return reply('block-create');
      }),
      http.get(`${WP}/blocks`, async ({ request }) => {
        await record(request);
        return reply('blocks-list');
      }),
      http.delete(`${WP}/blocks/${block.id}`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ ...(block as object), status: 'trash' });
      }),
    );
    const { cms } = client();
    const created = await cms.blocks.create({
      title: 'CTA',
      content: '<!-- wp:paragraph --><p>Buy</p><!-- /wp:paragraph -->',
      meta: { pattern_sync_status: 'unsynced' },
    });
    expect(created.id).toBe(block.id);
    const page = await cms.blocks.list({ pattern_category: { terms: [4], operator: 'AND' } });
    expect(page.items.length).toBeGreaterThan(0);
    const trashed = await cms.blocks.delete(block.id);
    expect(trashed.status).toBe('trash');
    expect(seen[1]?.search).toBe('?pattern_category[terms][]=4&pattern_category[operator]=AND');
    expect(seen[2]?.search).toBe('');
  });

  it('refuses an operator on the exclude variant before sending', async () => {
    const { cms, fetch } = client();
    const error = await rejection(
      cms.blocks.list({ pattern_category_exclude: { terms: [4], operator: 'AND' } } as never),
    );
    expect(error.issues[0]?.path[0]).toBe('pattern_category_exclude');
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('templates', () => {
  it('lists, gets, updates and deletes by theme//slug id', async () => {
    const { seen, record } = recorder();
    const base = '/wp-json/wp/v2/templates/twentytwentyfour//index';
    server.use(
      http.get(`${WP}/templates`, () => reply('templates-list')),
      onPath('GET', base, async (request) => {
        await record(request);
        return reply('template-one');
      }),
      onPath('PUT', base, async (request) => {
        await record(request);
        return reply('template-update');
      }),
      onPath('DELETE', base, async (request) => {
        await record(request);
        return HttpResponse.json({ deleted: true, previous: fixture('template-update').body });
      }),
    );
    const { cms } = client();
    const all = await cms.templates.list();
    expect(all.length).toBeGreaterThan(0);
    const one = await cms.templates.get('twentytwentyfour//index', { context: 'edit' });
    expect(one.id).toBe('twentytwentyfour//index');
    const updated = await cms.templates.update('twentytwentyfour//index', { content: '<!-- wp:paragraph /-->' });
    expect(updated.theme).toBe('twentytwentyfour');
    const deleted = await cms.templates.delete('twentytwentyfour//index', { force: true });
    expect(deleted.deleted).toBe(true);
    expect(seen.map((s) => `${s.method} ${s.path}${s.search}`)).toEqual([
      `GET ${base}?context=edit`,
      `PUT ${base}`,
      `DELETE ${base}?force=true`,
    ]);
  });

  it.each(['bad:id', 'a/b/c', 'x|y', ''])('rejects template id %j on get/update/delete before sending', async (id) => {
    const { cms, fetch } = client();
    for (const call of [
      () => cms.templates.get(id),
      () => cms.templates.update(id, { title: 'x' }),
      () => cms.templates.delete(id, { force: true }),
    ]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.issues[0]?.path).toEqual(['template_id']);
    }
    expect(fetch.calls).toHaveLength(0);
  });
});
