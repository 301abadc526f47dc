// app/api/viewlink/token/route.ts: the signed-in user's token pair for the browser SDK (never the API Key).
import { currentUserId } from '../../../../lib/session.ts';
import { viewlink } from '../../../../lib/viewlink.ts';

export async function POST(): Promise<Response> {
  const pair = await viewlink()
    .user(await currentUserId())
    .tokenPair();
  return Response.json(pair.toSdkTokens(), { headers: { 'cache-control': 'no-store' } });
}
