import { PagesClient, PostsClient } from '@viewlink/cms';

// Only the posts (or pages) routes: the other resources, seo/forms and the batch builder stay out
// of the bundle. On a stock WordPress add the profile, as with CmsClient.
const site = process.env.WP_URL ?? 'https://cms.example.com';
const posts = new PostsClient({ baseUrl: site, compat: 'wordpress' });
const pages = new PagesClient({ baseUrl: site, compat: 'wordpress' });

const page = await posts.list({ per_page: 10 });
const first = page.items[0];
const post = first ? await posts.get(first.id) : undefined;
console.log(post?.title?.rendered);
const about = await pages.list({ slug: ['about'] });

export { about, page, post };
