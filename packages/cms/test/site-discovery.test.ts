import { cmsRoutes, postRoutes, type RouteDef } from '@viewlink/schemas';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Namespaces } from '../src/core/namespaces.js';
import { CmsClient, type NotFoundError, ValidationError } from '../src/index.js';
import { matchRoutes } from '../src/internal/route-support.js';
import { countingFetch, fixture, ROOT, rejection, reply, SITE, useMswServer } from './helpers.js';

const server = useMswServer();

function client(fetch = countingFetch()) {
  const cms = new CmsClient({ baseUrl: SITE, namespaces: { cms: 'wp/v2' }, fetch, retry: false });
  return { cms, fetch };
}

function siteHandlers() {
  server.use(
    http.head(
      `${SITE}/`,
      () => new HttpResponse(null, { headers: { link: fixture('site-index').headers.get('link') ?? '' } }),
    ),
    http.get(`${ROOT}/`, () => reply('site-index')),
  );
}

describe('site index and discovery', () => {
  it('gets the typed site index from the discovered root', async () => {
    siteHandlers();
    const { cms } = client();
    const index = await cms.site.index();
    expect(index.namespaces).toContain('wp/v2');
    expect((await cms.restRoot()).href).toBe(`${ROOT}/`);
  });

  it('reports namespaces, authentication, supported and batchable routes of the real 6.5.5 index', async () => {
    siteHandlers();
    const report = await client().cms.discover();
    expect(report.restRoot).toBe(`${ROOT}/`);
    expect(report.site.name).toBeTypeOf('string');
    expect(report.namespaces).toEqual(['oembed/1.0', 'wp/v2', 'wp-site-health/v1', 'wp-block-editor/v1']);
    expect(report.namespaceSupport.cms).toEqual({ served: 'wp/v2', available: true });
    expect(report.namespaceSupport.batch.available).toBe(true);
    expect(report.missingNamespaces).toEqual(['seo', 'forms']);
    expect(report.authentication).toEqual({
      schemes: ['application-passwords'],
      applicationPasswordsAuthorizeUrl: 'http://127.0.0.1:8888/wp-admin/authorize-application.php',
    });
    expect(report.supportedRoutes).toContain('GET /cms/v2/posts/{id}');
    expect(report.supportedRoutes).toContain('GET /cms/v2/templates/{template_id}/revisions');
    expect(report.supportedRoutes).toContain('POST /cms/v2/templates/{template_id}/autosaves');
    expect(report.batchableRoutes).toContain('POST /cms/v2/posts');
    expect(report.batchableRoutes).toContain('DELETE /cms/v2/menu-items/{id}');
    expect(report.batchableRoutes).not.toContain('POST /cms/v2/media');
    expect(report.batchableRoutes).not.toContain('GET /cms/v2/posts/{parent}/revisions');
    // The index flags GET endpoints allow_batch, but /batch/v1 refuses GET sub-requests.
    expect(report.batchableRoutes).not.toContain('GET /cms/v2/posts');
    // Exactly the table's batchable routes: the write routes of posts, pages, menu items and blocks.
    const expected = Object.entries(cmsRoutes)
      .filter(([, route]) => 'batchable' in route && route.batchable === true)
      .map(([key]) => key);
    expect([...report.batchableRoutes].sort()).toEqual(expected.sort());
    for (const key of report.unsupportedRoutes) expect(key).not.toMatch(/^(GET|POST) \/cms\/v2\/posts$/);
  });

  it('agrees with the table: a route is served by stock 6.5.5 exactly when it is not flagged notOnWordPress', async () => {
    siteHandlers();
    const report = await client().cms.discover();
    const supported = new Set<string>(report.supportedRoutes);
    for (const [key, route] of Object.entries(cmsRoutes) as [string, RouteDef][]) {
      // seo/v1 and forms/v1 come from plugins a stock site lacks; their own tables flag them.
      if (/^\/(seo|forms)\//.test(route.path)) continue;
      const flagged = route.notOnWordPress === true;
      expect(supported.has(key), key).toBe(!flagged);
    }
  });

  it('sees namespaces under their served names (seo mapped to yoast/v1)', async () => {
    server.use(
      http.get(`${ROOT}/`, () =>
        HttpResponse.json({ namespaces: ['wp/v2', 'yoast/v1'], routes: { '/yoast/v1': { namespace: 'yoast/v1' } } }),
      ),
    );
    const cms = new CmsClient({ baseUrl: SITE, restRoot: ROOT, namespaces: { cms: 'wp/v2', seo: 'yoast/v1' } });
    const report = await cms.discover();
    expect(report.namespaceSupport.seo).toEqual({ served: 'yoast/v1', available: true });
    expect(report.missingNamespaces).toEqual(['forms', 'batch', 'oembed']);
    expect(report.supportedRoutes).toEqual([]);
  });

  it('matches the table against PHP route patterns (a bad pattern matches nothing)', () => {
    const namespaces = new Namespaces({ cms: 'wp/v2' });
    const endpoints = (methods: string[]) => ({ endpoints: [{ methods }] });
    const digits = matchRoutes(postRoutes, { '/wp/v2/posts/(?P<id>[\\d]+)': endpoints(['GET']) }, namespaces);
    expect(digits['GET /cms/v2/posts/{id}'].supported).toBe(true);
    const letters = matchRoutes(postRoutes, { '/wp/v2/posts/(?P<id>[a-z]+)': endpoints(['GET']) }, namespaces);
    expect(letters['GET /cms/v2/posts/{id}'].supported).toBe(false);
    const bad = matchRoutes(postRoutes, { '(?P<bad': endpoints(['GET']) }, namespaces);
    expect(Object.values(bad).some((support) => support.supported)).toBe(false);
  });
});

describe('oEmbed', () => {
  it('embeds a URL of the site with its parameters', async () => {
    let search = '';
    server.use(
      http.get(`${ROOT}/oembed/1.0/embed`, ({ request }) => {
        search = new URL(request.url).search;
        return reply('oembed-embed');
      }),
    );
    const cms = new CmsClient({ baseUrl: SITE, restRoot: ROOT, namespaces: { cms: 'wp/v2' } });
    const embed = await cms.oembed.embed({ url: 'http://127.0.0.1:8888/hello/', maxwidth: 400 });
    expect(embed).toMatchObject({ version: '1.0', type: 'rich' });
    expect(search).toBe(`?url=${encodeURIComponent('http://127.0.0.1:8888/hello/')}&maxwidth=400`);
  });

  it('maps the offline proxy error and refuses a missing url before sending', async () => {
    server.use(http.get(`${ROOT}/oembed/1.0/proxy`, () => reply('oembed-proxy-offline')));
    const fetch = countingFetch();
    const cms = new CmsClient({ baseUrl: SITE, restRoot: ROOT, fetch, retry: false });
    const error = await rejection<NotFoundError>(cms.oembed.proxy({ url: 'https://example.com/v' }));
    expect(error.code).toBe('oembed_invalid_url');
    const calls = fetch.calls.length;
    const bad = await rejection(cms.oembed.proxy({} as never));
    expect(bad).toBeInstanceOf(ValidationError);
    expect(bad.issues[0]?.path).toEqual(['url']);
    expect(fetch.calls.length).toBe(calls);
  });
});

describe('escape hatches', () => {
  it('request() is keyed by the table with a flat input', async () => {
    let search = '';
    server.use(
      http.get(`${ROOT}/wp/v2/posts/5`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ id: 5 });
      }),
    );
    const cms = new CmsClient({ baseUrl: SITE, restRoot: ROOT, namespaces: { cms: 'wp/v2' } });
    const post = await cms.request('GET /cms/v2/posts/{id}', { id: 5, context: 'edit' });
    expect(post.id).toBe(5);
    expect(search).toBe('?context=edit');
    await expect(cms.request('GET /cms/v2/posts/{id}', { id: 5, per_page: 3 } as never)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('requestRaw() sends untyped requests and still maps errors', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/users/me`, () => HttpResponse.json({ id: 1, name: 'admin' })),
      http.get(`${ROOT}/wp/v2/nothing`, () => reply('error-404-no-route')),
    );
    const cms = new CmsClient({ baseUrl: SITE, restRoot: ROOT, retry: false });
    const { data, status } = await cms.requestRaw<{ name: string }>({ method: 'GET', path: '/wp/v2/users/me' });
    expect([data.name, status]).toEqual(['admin', 200]);
    const error = await rejection<NotFoundError>(cms.requestRaw({ method: 'GET', path: 'wp/v2/nothing' }));
    expect(error.code).toBe('rest_no_route');
  });
});
