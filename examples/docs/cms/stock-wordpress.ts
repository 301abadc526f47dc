// A stock WordPress 6.5+: the `compat: 'wordpress'` profile. Namespaces default to wp/v2 (and
// yoast/v1, wpforms/v1 for Yoast SEO and WPForms); fields WordPress spells differently are sent
// and read back under the spec's names; fields it would silently ignore are refused before sending.
import { CmsClient } from '@viewlink/cms';

const wp = new CmsClient({
  baseUrl: process.env.WP_URL ?? 'http://127.0.0.1:8888',
  compat: 'wordpress',
  auth: { username: process.env.WP_USER ?? 'admin', applicationPassword: process.env.WP_APP_PASSWORD ?? '' },
});
const report = await wp.discover();
report.missingNamespaces; // ['seo', 'forms'] on a site without the two plugins
report.batchableRoutes; // ['POST /cms/v2/posts', 'PUT /cms/v2/posts/{id}', ...] (never GET: /batch/v1 refuses it)
report.authentication.applicationPasswordsAuthorizeUrl; // .../wp-admin/authorize-application.php

// A reusable block, written and read with the spec's names (WordPress stores the sync status as
// `wp_pattern_sync_status`; the record carries both names).
const block = await wp.blocks.create({
  title: 'Newsletter call to action',
  content: '<!-- wp:paragraph --><p>Subscribe!</p><!-- /wp:paragraph -->',
  status: 'publish',
  meta: { pattern_sync_status: 'unsynced' },
});
const read = await wp.blocks.get(block.id, { context: 'edit' });
console.log(read.meta?.pattern_sync_status); // 'unsynced'
await wp.blocks.delete(block.id, { force: true });

export { read, report, wp };
