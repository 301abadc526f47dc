// app/watchlist/page.tsx (Next.js App Router): a server component reads through the partner
// backend with the API Key (@viewlink/partner), and hands linking to a client component.
import { PartnerClient } from '@viewlink/partner';
import { LinkPanel } from './link-panel';

// One user's data: rendered for each request, never prerendered at build time.
export const dynamic = 'force-dynamic';

// Made on first use: `next build` loads this module without the server's secrets.
let client: PartnerClient | undefined;
const viewlink = () =>
  (client ??= new PartnerClient({ apiKey: process.env.VIEWLINK_API_KEY!, baseUrl: process.env.VIEWLINK_BASE_URL! }));
declare function currentUserId(): Promise<string>; // your session

export default async function WatchlistPage() {
  const watchlist = await viewlink()
    .user(await currentUserId())
    .watchlist(); // server side: no token in the page
  return (
    <main>
      <h1>Your watchlist</h1>
      <ul>
        {watchlist.categories.map((category) => (
          <li key={category.kind}>
            {category.kind}: {category.titles.length} titles
          </li>
        ))}
      </ul>
      <LinkPanel sdkKey={process.env.VIEWLINK_SDK_KEY!} baseUrl={process.env.VIEWLINK_BASE_URL!} />
    </main>
  );
}
