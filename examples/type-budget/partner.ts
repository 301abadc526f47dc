// Type budget probe (scripts/type-budget.mjs): a backend's watchlist read and webhook handler,
// with the hover probes the budget reads through the language service (`^?` marks the identifier above).
import { PartnerClient, verifyWebhook } from '@viewlink/partner';

const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY ?? '',
  baseUrl: 'https://api.viewlink.example',
});
const watchlist = await viewlink.user('user-123').watchlist();
//    ^? watchlist result
//                                                ^? user.watchlist method (documented)
for (const category of watchlist.categories) console.log(category.kind, category.titles.length);

export async function onWebhook(request: Request): Promise<Response> {
  const event = await verifyWebhook(request, { secret: process.env.VIEWLINK_WEBHOOK_SECRET ?? '' });
  //    ^? webhook event
  if (event.type === 'UserDataRefreshCompleted') console.log(event.refresh_id);
  return new Response(null, { status: 204 });
}
