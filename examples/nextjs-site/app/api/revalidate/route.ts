// app/api/revalidate/route.ts: WordPress (a webhook on save_post) tells the site a post changed.
import { revalidateTag } from 'next/cache';

export async function POST(request: Request): Promise<Response> {
  if (!process.env.REVALIDATE_SECRET || request.headers.get('x-revalidate-secret') !== process.env.REVALIDATE_SECRET)
    return new Response('Invalid token', { status: 401 });
  const { id } = (await request.json()) as { id: number };
  revalidateTag('posts', 'max'); // every list
  revalidateTag(`post-${id}`, 'max'); // the post's page
  return Response.json({ revalidated: true });
}
