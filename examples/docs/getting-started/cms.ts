// Publish a post and list the latest ones, on a site that serves the CMS REST interface.
import { CmsClient } from '@viewlink/cms';

const cms = new CmsClient({
  baseUrl: process.env.CMS_URL ?? 'http://127.0.0.1:4010', // the mock service by default
  auth: { username: process.env.CMS_USER ?? 'admin', applicationPassword: process.env.CMS_APP_PASSWORD ?? '' },
});

const post = await cms.posts.create({ title: 'Hello from the SDK', content: '<p>Hi</p>', status: 'publish' });
console.log(`created post ${post.id}`);

const latest = await cms.posts.list({ per_page: 5, orderby: 'date', order: 'desc' });
for (const item of latest.items) console.log(item.id, item.title?.rendered);
console.log(`${latest.total} posts in ${latest.totalPages} pages`);
