// app/posts/[id]/page.tsx: one post; in Draft Mode the draft with its newest autosave (server only).
import { draftMode } from 'next/headers';
import { posts, preview, published } from '../../../lib/cms.ts';

export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  const post = (await draftMode()).isEnabled
    ? await preview().post(id) // drafts: read with cache: 'no-store', never cached
    : await posts.get(id, {}, published(`post-${id}`));
  // A real site sanitizes this HTML (e.g. sanitize-html); this one shows the test's own posts only.
  const html = post.content?.rendered ?? '';
  return (
    <article>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: WordPress's rendered title (It&#8217;s) of the test's own posts */}
      <h1 dangerouslySetInnerHTML={{ __html: post.title?.rendered ?? '' }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: WordPress's rendered HTML of the test's own posts */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
