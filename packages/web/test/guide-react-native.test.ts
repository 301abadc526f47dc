// The React Native guide's sample (examples/docs/react-native/app.ts) run as written against a
// stand-in for the example backend's routes (examples/partner-backend/server.ts: GET config, POST
// token, POST token/renew) and the Partner API: each route called with the method the backend
// serves, the renewal through the renew route (an issue route behind a token store hands the
// refused pair back), the reads sent with the renewed token.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pair, WATCHLIST } from './helpers.js';

const BACKEND = 'https://partner.example.com';
const API = 'https://api.example.test';
const ROUTES: Record<string, (count: number) => unknown> = {
  'GET /api/viewlink/config': () => ({ sdk_key: 'vl_sdk_rn_sample', base_url: API }),
  'POST /api/viewlink/token': () => pair('vl_at_first'),
  'POST /api/viewlink/token/renew': () => pair('vl_at_renewed'),
};
const calls: string[] = [];
/** The app's user signed out: the token route answers 401. */
let signedOut = false;

beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const { origin, pathname } = new URL(url);
    const token = new Headers(init.headers).get('authorization') ?? '';
    calls.push(`${method} ${origin === BACKEND ? '' : 'api:'}${pathname}${token ? ` ${token.slice(7)}` : ''}`);
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (origin === BACKEND) {
      if (signedOut && pathname === '/api/viewlink/token') return answer({ error: 'signed out' }, 401);
      const route = ROUTES[`${method} ${pathname}`];
      return route ? answer(route(calls.length)) : answer({ error: 'no such route' }, 404);
    }
    // The Partner API: the first access token is refused, as when it expired early.
    if (token !== 'Bearer vl_at_renewed') return answer({ error: { code: 'unauthorized', message: 'expired' } }, 401);
    if (pathname === '/v1/user/watchlist') return answer(WATCHLIST);
    if (pathname === '/v1/user/accounts') return answer({ accounts: [] });
    return answer({ error: { code: 'not_found', message: pathname } }, 404);
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('docs/getting-started/react-native.md sample', () => {
  it('calls the backend routes with their methods, renews through the renew route, and reads', async () => {
    const sample = await import('../../../examples/docs/react-native/app.js');
    expect(sample.watchlist).toEqual(WATCHLIST);
    expect(sample.accounts).toEqual([]);
    expect(calls.filter((call) => !call.startsWith('GET api:') && !call.startsWith('POST api:'))).toEqual([
      'GET /api/viewlink/config',
      'POST /api/viewlink/token',
      'POST /api/viewlink/token/renew',
    ]);
    expect(calls).toContain('GET api:/v1/user/watchlist vl_at_renewed');
  });
  it('a token route that refuses (401: signed out) fails naming the route, not as a malformed pair', async () => {
    signedOut = true;
    vi.resetModules();
    try {
      await expect(import('../../../examples/docs/react-native/app.js')).rejects.toThrow(
        '/api/viewlink/token answered 401',
      );
    } finally {
      signedOut = false;
    }
  });
});
