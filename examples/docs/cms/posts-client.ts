import { PostsClient } from '@viewlink/cms';

// Only the posts routes: the other resources, seo/forms and the batch builder stay out of the bundle.
const posts = new PostsClient({ baseUrl: location.origin });

const page = await posts.list({ per_page: 10 });
const post = await posts.get(page.items[0]?.id ?? 1);
console.log(post.title?.rendered);
