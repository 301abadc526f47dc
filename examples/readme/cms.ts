// CMS: list every published post of a stock WordPress, page by page.
import { CmsClient } from '@viewlink/cms';

const cms = new CmsClient({ baseUrl: process.env.WP_URL ?? 'https://example.org', compat: 'wordpress' });
for await (const post of cms.posts.list({ per_page: 100, status: ['publish'] })) {
  console.log(post.id, post.title?.rendered);
}
