/** Shared fixtures of the web unit tests. */
import type { TokenPair } from '@viewlink/web';

/** Recognisable secrets: no error, log or serialized object may contain them. */
export const SECRET_ACCESS = 'vl_at_SECRET_ACCESS_5f1e';
export const SECRET_REFRESH = 'vl_rt_SECRET_REFRESH_9a2b';
export const SDK_KEY = 'vl_sdk_SECRET_SDKKEY_77c1';
export const BASE = 'https://api.example.test';

/** A token pair whose access token is `access`. */
export function pair(access = SECRET_ACCESS, expiresIn = 3600): TokenPair {
  return { access_token: access, refresh_token: SECRET_REFRESH, token_type: 'Bearer', expires_in: expiresIn };
}

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch stub: `answer` sees the bearer token and the path; every call is recorded. */
export function stubFetch(answer: (token: string, path: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ token: string; path: string; method: string }> = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const token = (headers.get('authorization') ?? '').replace(/^Bearer /, '');
    const path = new URL(String(input)).pathname;
    calls.push({ token, path, method: init.method ?? 'GET' });
    return answer(token, path, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const WATCHLIST = {
  categories: [
    {
      kind: 'saved',
      titles: [{ id: 't1', service: 'streamflix', name: 'One', watch_now_url: 'https://streamflix.example/t1' }],
    },
  ],
};

/** Asserts that no secret appears in any rendering of `value`. */
export function leaks(value: unknown): string[] {
  const texts = [String(value), JSON.stringify(value) ?? '', value instanceof Error ? (value.stack ?? '') : ''];
  return [SECRET_ACCESS, SECRET_REFRESH, SDK_KEY].filter((s) => texts.some((t) => t.includes(s)));
}
