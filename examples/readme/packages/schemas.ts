// Validate data yourself with the schemas and route tables every Viewlink client is built on.
import { partnerRoutes, Watchlist } from '@viewlink/schemas';
import * as z from 'zod/mini';

const route = partnerRoutes['GET /v1/user/watchlist'];
console.log(route.method, route.path, route.operationId); // GET /v1/user/watchlist getWatchlist

const parsed = z.safeParse(Watchlist, { categories: [{ kind: 'saved', titles: [] }] });
if (parsed.success)
  console.log(parsed.data.categories[0]?.kind); // 'saved'
else console.log(z.prettifyError(parsed.error));
