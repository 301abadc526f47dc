// app/api/viewlink/token/renew/route.ts: a renewed pair when the browser SDK says its token expired.
import { currentUserId } from '../../../../../lib/session.ts';
import { viewlink } from '../../../../../lib/viewlink.ts';

export async function POST(): Promise<Response> {
  const pair = await viewlink()
    .user(await currentUserId())
    .renewTokenPair();
  return Response.json(pair.toSdkTokens(), { headers: { 'cache-control': 'no-store' } });
}
