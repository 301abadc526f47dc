// The site's readers: the public one (cached, tagged) and the server-only draft reader
// (docs/getting-started/nextjs.md, examples/docs/nextjs/cms.ts and examples/docs/cms/preview-reader.ts).
// The draft reader holds an application password: a client component importing this module fails
// `next build` ("server-only") instead of shipping the reader to the browser.
import 'server-only';
import { PostsClient } from '@viewlink/cms';
import { DraftPreview } from '@viewlink/cms/preview';

const baseUrl = process.env.WP_URL ?? 'http://127.0.0.1:8888';

export const posts = new PostsClient({ baseUrl, compat: 'wordpress' });

/** Next.js data-cache settings of every published read: cached for a minute, tagged for revalidateTag(). */
export const published = (...tags: string[]) => ({
  fetchOptions: { next: { revalidate: 60, tags: ['posts', ...tags] } },
});

let reader: DraftPreview | undefined;

/**
 * The draft reader, made on first use: `next build` loads this module without the server's
 * secrets, and DraftPreview rejects an empty application password when it is constructed.
 */
export function preview(): DraftPreview {
  reader ??= new DraftPreview({
    baseUrl,
    compat: 'wordpress',
    auth: {
      username: process.env.WP_PREVIEW_USER ?? 'editor',
      applicationPassword: process.env.WP_PREVIEW_PASSWORD ?? '',
    },
  });
  return reader;
}
