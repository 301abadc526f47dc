// Type budget probe (scripts/type-budget.mjs): a backend's watchlist read and webhook handler,
// with the hover probes the budget reads through the language service (`^?` marks the identifier
// above) and the completion probes (`^.` under the member after a dot: every member documented,
// none internal).
import { PartnerClient, verifyWebhook } from '@viewlink/partner';

const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY ?? '',
  baseUrl: 'https://api.viewlink.example',
});
const pair = await viewlink.tokens.issue({ userId: 'user-123' });
//                                 ^. client.tokens members
//                                 ^? client.tokens.issue (documented) (example)
//                          ^. client members
const user = viewlink.user(pair);
const watchlist = await user.watchlist();
//    ^? watchlist result
//                           ^? user.watchlist method (documented)
//                           ^. user members
for (const category of watchlist.categories) console.log(category.kind, category.titles.length);
for await (const entry of user.history.since('2026-01-01')) console.log(entry.title.name);
//                                     ^. user.history members

export async function onWebhook(request: Request): Promise<Response> {
  const event = await verifyWebhook(request, { secret: process.env.VIEWLINK_WEBHOOK_SECRET ?? '' });
  //    ^? webhook event
  if (event.type === 'UserDataRefreshCompleted') console.log(event.refresh_id);
  if (event.type === 'DeltaFilePosted') for await (const record of viewlink.files.read(event)) console.log(record.key);
  //                                                                              ^. client.files members
  return new Response(null, { status: 204 });
}
