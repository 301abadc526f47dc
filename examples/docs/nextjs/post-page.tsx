// app/posts/[id]/page.tsx: one post; in Draft Mode the draft with its newest autosave (server only).
import { preview } from '../cms/preview-reader';
import { posts, published } from './cms';

// From 'next/headers' in a Next.js app; and your HTML sanitizer (e.g. sanitize-html).
declare function draftMode(): Promise<{ isEnabled: boolean }>;
declare function sanitize(html: string): string;

export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  const post = (await draftMode()).isEnabled
    ? await preview().post(id) // drafts: read with cache: 'no-store', never cached
    : await posts.get(id, {}, published(`post-${id}`));
  const html = sanitize(post.content?.rendered ?? '');
  return (
    <article>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the rendered title is HTML too ("It&#8217;s"), sanitized */}
      <h1 dangerouslySetInnerHTML={{ __html: sanitize(post.title?.rendered ?? '') }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: WordPress's rendered HTML, sanitized above */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
