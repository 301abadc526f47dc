/**
 * Routes the real server cannot serve here, so their scenarios run against the fake only, and a
 * check on each target that the list is right: WordPress 6.5.5 really lacks them, the fake
 * serves them.
 *
 * seo/v1 and forms/v1 cannot be hosted by the real server offline: they are Yoast SEO's
 * yoast/v1 and WPForms' wpforms/v1, and neither plugin is available from the registries this
 * project can reach (no Debian package, no npm package ships them), so a stock WordPress here
 * has neither namespace.
 */
import { describe, expect, it } from 'vitest';
import { clientFor, targets } from './targets.js';

/** Routes of the spec / issue that run against the fake only, with the reason. */
export const FAKE_ONLY_ROUTES = [
  {
    routes: 'every /seo/v1 route (yoast/v1 on a stock WordPress)',
    namespace: 'seo',
    why: 'Yoast SEO cannot be installed offline: no registry this project reaches ships the plugin',
  },
  {
    routes: 'every /forms/v1 route (wpforms/v1 on a stock WordPress)',
    namespace: 'forms',
    why: 'WPForms cannot be installed offline: no registry this project reaches ships the plugin',
  },
  {
    routes: 'GET /oembed/1.0/proxy (a successful answer for another site)',
    namespace: 'oembed',
    why: 'needs outbound HTTP to the provider; offline WordPress answers 404 oembed_invalid_url (and start.sh sets WP_HTTP_BLOCK_EXTERNAL). A URL of the site itself is answered locally, on both targets (stock-profile.contract.test.ts)',
  },
  {
    routes: 'menu-item revisions; media revisions and autosaves',
    namespace: 'cms',
    why: 'WordPress 6.5.5 registers none of them; the spec (shared/spec/cms-rest-interface.md) and our route table do not list them either, so no client method and no fake route exist to test',
  },
] as const;

describe.each(targets())('routes the real server lacks, on $name', (target) => {
  const cms = clientFor(target);

  it('the site index: seo and forms are missing on WordPress, present on the fake', async () => {
    const report = await cms.discover();
    const missing = FAKE_ONLY_ROUTES.filter((r) => r.namespace === 'seo' || r.namespace === 'forms').map(
      (r) => r.namespace,
    );
    if (target.name === 'wordpress') {
      expect(report.missingNamespaces).toEqual(expect.arrayContaining(missing));
      expect(report.unsupportedRoutes.some((key) => key.includes(' /seo/v1'))).toBe(true);
      expect(report.unsupportedRoutes.some((key) => key.includes(' /forms/v1'))).toBe(true);
      expect(report.supportedRoutes).toContain('GET /cms/v2/posts');
    } else {
      expect(report.missingNamespaces).toEqual([]);
      expect(report.unsupportedRoutes.filter((key) => / \/(seo|forms)\/v1/.test(key))).toEqual([]);
    }
  });
});
