// app/api/viewlink/token/route.ts
import type { PartnerClient } from '@viewlink/partner';

declare function viewlink(): PartnerClient; // from '@/lib/viewlink' (above)
declare function auth(): Promise<{ user: { id: string } } | null>; // your session lookup

export async function POST() {
  const session = await auth();
  if (!session) return new Response(null, { status: 401 });
  const pair = await viewlink().user(session.user.id).tokenPair();
  return Response.json(pair.toSdkTokens(), { headers: { 'cache-control': 'no-store' } });
}
