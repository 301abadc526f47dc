// Next.js App Router: app/api/draft/route.ts turns Draft Mode on, the post page reads drafts in it.
import { PostsClient } from '@viewlink/cms';
import { preview } from './preview-reader.js';

// From 'next/headers' and 'next/navigation' in a Next.js app.
declare function draftMode(): Promise<{ isEnabled: boolean; enable(): void }>;
declare function redirect(url: string): never;

// app/api/draft/route.ts: WordPress's preview link points here with ?secret=...&id=42.
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.searchParams.get('secret') !== process.env.PREVIEW_SECRET)
    return new Response('Invalid token', { status: 401 });
  const id = Number(url.searchParams.get('id'));
  // Check the post exists (and that the preview user may edit it) before turning Draft Mode on.
  const post = await preview().post(id);
  (await draftMode()).enable();
  redirect(`/posts/${post.id}`);
}

// app/posts/[id]/page.tsx: the published post, or in Draft Mode the draft with its newest autosave.
const posts = new PostsClient({ baseUrl: process.env.WP_URL ?? 'http://127.0.0.1:8888', compat: 'wordpress' });
export async function postForPage(id: number) {
  if ((await draftMode()).isEnabled) {
    const draft = await preview().post(id);
    return { title: draft.title?.raw ?? '', html: draft.content?.rendered ?? '', draft: true };
  }
  const post = await posts.get(id);
  return { title: post.title?.rendered ?? '', html: post.content?.rendered ?? '', draft: false };
}
