// The README's Partner flow through a client that @hey-api/openapi-ts generated from
// docs/openapi/partner-api.yaml (scripts/openapi/clients.mjs copies this file next to it):
// issue a token pair, read the watchlist, page through the history, meet a typed error.
import { createClient } from './client/index.js';
import { getDataFile, getWatchHistory, getWatchlist, issueTokenPair } from './sdk.gen.js';
import type { PartnerErrorBody, TokenPair, WatchHistoryEntry, Watchlist } from './types.gen.js';

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`partner flow: ${message}`);
}

/**
 * Runs the flow against `baseUrl` (viewlink-mock, its user `user-123` seeded with two linked
 * services and 1,200 history entries, and `fileId` a data file posted for them); returns what it
 * saw, one line per step.
 */
export async function run(baseUrl: string, fileId: string): Promise<string[]> {
  const client = createClient({ baseUrl });
  const issued = await issueTokenPair({ client, auth: 'vl_test_api_key', body: { user_id: 'user-123' } });
  check(issued.data !== undefined, `issueTokenPair answered ${issued.response.status}`);
  const pair: TokenPair = issued.data;

  const listed = await getWatchlist({ client, auth: pair.access_token });
  check(listed.data !== undefined, `getWatchlist answered ${listed.response.status}`);
  const watchlist: Watchlist = listed.data;
  check(Array.isArray(watchlist.categories), 'the watchlist has no categories');

  const entries: WatchHistoryEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const history = await getWatchHistory({
      client,
      auth: pair.access_token,
      query: { limit: 500, ...(cursor === undefined ? {} : { cursor }) },
    });
    check(history.data !== undefined, `getWatchHistory answered ${history.response.status}`);
    entries.push(...history.data.items);
    cursor = history.data.next_cursor ?? undefined;
    if (cursor === undefined) break;
  }
  check(cursor === undefined, 'the history did not end within 50 pages');
  check(entries.length === 1200, `the history has ${entries.length} entries, not the 1,200 seeded`);
  check(watchlist.categories.length > 0, 'the watchlist of a linked user is empty');
  check(
    entries.every((entry) => typeof entry.title.name === 'string'),
    'a history entry has no title name',
  );

  // The data file the webhook announced: gzip bytes, read as a Blob (application/gzip).
  const file = await getDataFile({ client, auth: 'vl_test_api_key', path: { file_id: fileId } });
  check(file.data instanceof Blob, `getDataFile answered ${file.response.status} without a Blob`);
  const head = new Uint8Array(await file.data.slice(0, 2).arrayBuffer());
  check(head[0] === 0x1f && head[1] === 0x8b, 'the data file is not gzip');

  const refused = await getWatchlist({ client, auth: 'not-a-token' });
  const error: PartnerErrorBody | undefined = refused.error;
  check(refused.response.status === 401, `a bad token answered ${refused.response.status}, not 401`);
  check(typeof error?.error.code === 'string', 'the 401 carries no error envelope');
  check(refused.response.headers.get('x-request-id') !== null, 'the 401 carries no x-request-id');

  return [
    `token pair issued (expires_in ${pair.expires_in})`,
    `watchlist: ${watchlist.categories.length} categories`,
    `history: ${entries.length} entries`,
    `data file: ${file.data.size} gzip bytes (${file.response.headers.get('content-type')})`,
    `bad token: 401 ${error?.error.code}`,
  ];
}
