// The HTTP core the clients share: retries, timeouts, redaction, validated responses, one error tree.

import { Watchlist } from '@viewlink/schemas';
import { APIError, ConnectionError, Transport } from '@viewlink/transport';

const transport = new Transport({ baseUrl: 'https://api.viewlink.example', timeout: 10_000, retry: 2 });
try {
  const { data } = await transport.request({
    method: 'GET',
    path: '/v1/user/watchlist',
    headers: { authorization: `Bearer ${process.env.VIEWLINK_ACCESS_TOKEN ?? ''}` },
    schema: Watchlist, // the response is validated and typed by it
  });
  console.log(data.categories.length);
} catch (error) {
  if (error instanceof APIError) console.log(error.status, error.code, error.requestId);
  else if (error instanceof ConnectionError) console.log('unreachable:', error.message);
  else throw error;
}
