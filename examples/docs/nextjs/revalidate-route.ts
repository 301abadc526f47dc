// app/api/revalidate/route.ts: WordPress (a webhook on save_post) tells the site a post changed.
// From 'next/cache' in a Next.js app.
declare function revalidateTag(tag: string, profile: string): void;

export async function POST(request: Request): Promise<Response> {
  if (request.headers.get('x-revalidate-secret') !== process.env.REVALIDATE_SECRET)
    return new Response('Invalid token', { status: 401 });
  const { id } = (await request.json()) as { id: number };
  revalidateTag('posts', 'max'); // every list (Next 16: stale-while-revalidate)
  revalidateTag(`post-${id}`, 'max'); // the post's page
  return Response.json({ revalidated: true });
}
