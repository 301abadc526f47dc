/** The client against the CMS fake of `@viewlink/mock` (served through msw), as app tests would use it. */
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { cmsRoutes } from '@viewlink/schemas';
import { describe, expect, it } from 'vitest';
import { CmsClient } from '../src/index.js';
import { countingFetch, useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9911';

function client() {
  server.use(...toMswHandlers(SITE, createMockService()));
  const fetch = countingFetch();
  const warnings: string[] = [];
  const cms = new CmsClient({
    // The fake lives under /wp-json and advertises itself there with the WordPress Link header.
    baseUrl: `${SITE}/wp-json`,
    auth: { username: 'admin', applicationPassword: 'fake-app-password-0001' },
    fetch,
    logger: { warn: (m) => warnings.push(m) },
  });
  return { cms, fetch, warnings };
}

describe('against the CMS fake', () => {
  it('discovers the REST root from the Link header and reads the typed site index', async () => {
    const { cms, warnings } = client();
    const index = await cms.site.index();
    expect(index.namespaces).toEqual(expect.arrayContaining(['cms/v2', 'oembed/1.0', 'seo/v1', 'forms/v1']));
    expect((await cms.restRoot()).href).toBe(`${SITE}/wp-json/`);
    expect(warnings).toEqual([]);
  });

  it('discover() maps every advertised route back onto the table, with batchable routes', async () => {
    const { cms } = client();
    const report = await cms.discover();
    expect(report.missingNamespaces).toEqual([]);
    expect(report.authentication.schemes).toEqual(['application-passwords']);
    expect(report.authentication.applicationPasswordsAuthorizeUrl).toMatch(/authorize-application\.php$/);
    // The fake's index names `{template_id}` as `[^/]+` today, where WordPress allows `theme//slug`:
    // template routes are left out of this check until the fake advertises the WordPress pattern.
    expect(report.unsupportedRoutes.filter((key) => !key.includes('{template_id}'))).toEqual([]);
    expect(report.supportedRoutes).toContain('DELETE /cms/v2/posts/{parent}/revisions/{id}');
    const batchable = Object.entries(cmsRoutes)
      .filter(([, r]) => 'batchable' in r && r.batchable === true)
      .map(([key]) => key);
    expect([...report.batchableRoutes].sort()).toEqual(batchable.sort());
  });

  it('reads a namespace index through the typed escape hatch', async () => {
    const { cms } = client();
    const index = await cms.request('GET /cms/v2', { context: 'view' });
    expect(index.namespace).toBe('cms/v2');
    expect(Object.keys(index.routes)).toContain('/cms/v2/posts');
  });
});
