import { CmsClient } from '@viewlink/cms';

const wp = new CmsClient({
  baseUrl: process.env.WP_URL ?? 'http://127.0.0.1:8888',
  compat: 'wordpress',
  auth: { username: process.env.WP_USER ?? 'admin', applicationPassword: process.env.WP_APP_PASSWORD ?? '' },
});
const template = 'twentytwentyfour//index';

await wp.templates.update(template, { content: '<!-- wp:paragraph --><p>Home</p><!-- /wp:paragraph -->' });
// A template revision's `id` is the template's own (`twentytwentyfour//index`), the same for
// every revision; the revision's number is `wp_id`. Read and delete one by `wp_id`. (A theme
// template's first save stores no revision, only a copy of it: the list fills from the second.)
const revisions = await wp.templates.revisions.list(template);
const latest = revisions.items[0];
const revision = latest?.wp_id === undefined ? undefined : await wp.templates.revisions.get(template, latest.wp_id);
console.log(revision?.id, revision?.wp_id); // 'twentytwentyfour//index' 123

export { revision, revisions };
