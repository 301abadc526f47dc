// lib/cms.ts: the public reader of published content (no credential: it may run anywhere).
import { PostsClient } from '@viewlink/cms';

export const posts = new PostsClient({
  baseUrl: process.env.WP_URL ?? 'http://127.0.0.1:8888',
  compat: 'wordpress', // a stock WordPress
});

/** Next.js data-cache settings of every published read: cached for a minute, tagged for revalidateTag(). */
export const published = (...tags: string[]) => ({
  fetchOptions: { next: { revalidate: 60, tags: ['posts', ...tags] } },
});
