// A stock WordPress through the profile: create a draft, then read every published post.
import { CmsClient } from '@viewlink/cms';

const cms = new CmsClient({
  baseUrl: process.env.WP_URL ?? 'https://example.com',
  compat: 'wordpress', // a stock WordPress: wp/v2, and the spec's field names both ways
  auth: { username: process.env.WP_USER ?? 'editor', applicationPassword: process.env.WP_APP_PASSWORD ?? '' },
});

const draft = await cms.posts.create({ title: 'Hello', status: 'draft' });
for await (const post of cms.posts.list({ per_page: 100, status: ['publish'] })) console.log(post.id, post.link);

export { draft };
