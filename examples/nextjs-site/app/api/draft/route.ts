// app/api/draft/route.ts: WordPress's preview link points here with ?secret=...&id=42 (docs/cms-preview.md).
import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { preview } from '../../../lib/cms.ts';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (!process.env.PREVIEW_SECRET || url.searchParams.get('secret') !== process.env.PREVIEW_SECRET)
    return new Response('Invalid token', { status: 401 });
  const id = Number(url.searchParams.get('id'));
  // Check the post exists (and that the preview user may edit it) before turning Draft Mode on.
  const post = await preview().post(id);
  (await draftMode()).enable();
  redirect(`/posts/${post.id}`);
}
