// In a React Native app: the company blog through @viewlink/cms, read without credentials.
import { isViewlinkError, NotFoundError, PostsClient, TimeoutError } from '@viewlink/cms';

// restRoot given: no discovery request at start. No polyfill needed (Hermes, React Native's fetch).
const posts = new PostsClient({ baseUrl: 'https://blog.example.com', restRoot: '/wp-json', timeout: 10_000 });

export const latest = await posts.list({ per_page: 10, _embed: true }); // featured media and author in `_embedded`
export const bySlug = (slug: string) => posts.list({ slug: [slug] }).then((page) => page.items[0]);

try {
  await posts.get(123);
} catch (error) {
  // Not `instanceof` alone: Hermes ignores Symbol.hasInstance, so it misses errors from another copy.
  if (isViewlinkError(error, NotFoundError)) console.info('no such post');
  else if (isViewlinkError(error, TimeoutError)) console.info('the blog is slow, try again');
  else throw error;
}
