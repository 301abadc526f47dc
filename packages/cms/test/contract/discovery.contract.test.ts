/**
 * The site index of both targets advertises every route the scenarios use, in a form the
 * client's discover() maps back onto the route table (template routes with `theme//slug` ids).
 */
import { describe, expect, it } from 'vitest';
import { clientFor, targets } from './targets.js';

describe.each(targets())('site index on $name', (target) => {
  const cms = clientFor(target);

  it('the routes every scenario uses are in the site index of both targets', async () => {
    const report = await cms.discover();
    for (const key of [
      'GET /cms/v2/posts',
      'POST /cms/v2/media',
      'GET /cms/v2/templates/{template_id}/revisions',
      'POST /cms/v2/menu-items/{id}/autosaves',
      'GET /oembed/1.0/embed',
    ] as const) {
      expect(report.supportedRoutes).toContain(key);
    }
  });
});
