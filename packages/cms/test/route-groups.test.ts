/**
 * Route groups loaded on first use (src/internal/route-groups.ts): a `CmsClient` starts with the
 * posts routes, and every other group comes in through `import()` on its first call, so a site
 * that lists and reads posts never loads another (the browser bundle bench counts on it).
 */
import { cmsRoutes, pageRoutes, postRoutes } from '@viewlink/schemas';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index.js';
import { fakeSiteClient, useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9917';

const client = () => fakeSiteClient(server, SITE);

const sorted = (table: object) => Object.keys(table).sort();

describe('route groups loaded on first use', () => {
  it('a site that lists and reads posts loads no other group', async () => {
    const { cms } = client();
    expect(sorted(cms.routes.table)).toEqual(sorted(postRoutes));
    const list = await cms.posts.list({ per_page: 2 });
    const first = list.items[0];
    if (first) await cms.posts.get(first.id);
    await cms.posts.revisions.list(first?.id ?? 1).catch(() => undefined);
    expect(sorted(cms.routes.table)).toEqual(sorted(postRoutes));
  });

  it('a call of another group loads that group alone, once', async () => {
    const { cms } = client();
    await Promise.all([cms.pages.list(), cms.pages.list({ per_page: 1 })]);
    expect(sorted(cms.routes.table)).toEqual(sorted({ ...postRoutes, ...pageRoutes }));
  });

  it('every route of the CMS table is in the group its path names', async () => {
    const { cms, fetch } = client();
    for (const key of Object.keys(cmsRoutes)) expect(cms.routes.has(key), key).toBe(true);
    await cms.routes.load();
    expect(sorted(cms.routes.table)).toEqual(sorted(cmsRoutes));
    // Loading sends nothing.
    expect(fetch.calls).toHaveLength(0);
  });

  it('discover() loads every group and reports each route of the CMS table, in its order', async () => {
    const { cms } = client();
    const report = await cms.discover();
    expect(report.routes.map((route) => route.key)).toEqual(Object.keys(cmsRoutes));
    expect(report.supportedRoutes).toContain('GET /cms/v2/posts');
  });

  it('a synchronous use of a group not loaded yet is refused by name; after load() it works', async () => {
    const { cms } = client();
    const key = 'GET /cms/v2/media/{id}';
    expect(() => cms.routes.prepare(key, { params: { id: 5 } })).toThrow(ValidationError);
    expect(() => cms.routes.prepare(key, { params: { id: 5 } })).toThrow(
      /media routes, loaded on first use.*routes\.load/,
    );
    await cms.routes.load(key);
    expect(cms.routes.prepare(key, { params: { id: 5 } }).path).toBe('/cms/v2/media/5');
    // A key no group has is still the table's usual error.
    expect(() => cms.routes.route('GET /nope' as 'GET /cms/v2/posts')).toThrow(/unknown route/);
  });

  it('request(key) and routes.call load the group of the key', async () => {
    const { cms } = client();
    await expect(cms.request('GET /cms/v2/menu-items', { per_page: 1 })).resolves.toBeInstanceOf(Array);
    await expect(cms.routes.call('GET /', {})).resolves.toMatchObject({ status: 200 });
    expect(cms.routes.table).toHaveProperty(['GET /cms/v2/menu-items/{id}']);
    expect(cms.routes.table).toHaveProperty(['GET /cms/v2']);
    expect(cms.routes.table).not.toHaveProperty(['GET /cms/v2/media']);
  });
});
