// @vitest-environment happy-dom
// Every request of the facade is a route of the partner route table, sent through the transport's
// engine with its light parts: method and path come from the table's key, the SDK Key and token
// ride along. The route methods are made from definitions (the transport's defineLightMethods).
import { PARTNER_AUTH, partnerRoutes, pathPattern } from '@viewlink/schemas';
import { createSdk } from '@viewlink/web';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE, json, pair, SDK_KEY, SECRET_ACCESS, stubFetch, WATCHLIST } from './helpers.js';

afterEach(() => {
  Object.defineProperty(window.navigator, 'userActivation', { value: undefined, configurable: true });
});

describe('routes of the facade', () => {
  it('sends each read and action as a route of partnerRoutes, with the SDK Key and the bearer token', async () => {
    Object.defineProperty(window.navigator, 'userActivation', { value: { isActive: true }, configurable: true });
    const sent: Array<{ method: string; path: string; headers: Headers; body: unknown }> = [];
    const { fetch } = stubFetch((_token, path, init) => {
      sent.push({
        method: init.method ?? 'GET',
        path,
        headers: new Headers(init.headers),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path.endsWith('/accounts'))
        return json({ accounts: [{ id: 'la 1', service: 'streamflix', profile_id: 'p', status: 'active' }] });
      if (path.endsWith('/disconnect'))
        return json({ account: { id: 'la 1', service: 'streamflix', status: 'disconnected' } });
      if (path.endsWith('/refresh')) return json({ refresh_id: 'rf_1', status: 'queued' }, 202);
      if (path.endsWith('/services')) return json({ services: [] });
      return json(WATCHLIST);
    });
    const sdk = createSdk({ baseUrl: BASE, fetch });
    sdk.initialize(SDK_KEY, pair());
    await sdk.services();
    await sdk.watchlist();
    await sdk.refresh({ service: 'streamflix' });
    await sdk.disconnect({ service: 'streamflix', keepData: true });
    sdk.dispose();

    const table = Object.values(partnerRoutes);
    for (const request of sent) {
      const route = table.find((r) => r.method === request.method && pathPattern(r.path).test(request.path));
      expect(route, `${request.method} ${request.path}`).toBeDefined();
      expect(request.headers.get(PARTNER_AUTH.sdkKeyHeader)).toBe(SDK_KEY);
      expect(request.headers.get('authorization')).toBe(`Bearer ${SECRET_ACCESS}`);
    }
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/services',
      'GET /v1/user/watchlist',
      'POST /v1/user/refresh',
      'GET /v1/user/accounts',
      'POST /v1/user/accounts/la%201/disconnect',
    ]);
    expect(sent.at(-1)?.body).toEqual({ keep_data: true });
    expect(sent[2]?.body).toEqual({ service: 'streamflix' });
  });

  it('makes each route method from a definition: it carries its key of partnerRoutes', () => {
    const sdk = createSdk({ baseUrl: BASE });
    const keyOf = (method: unknown) => (method as { routeKey?: string }).routeKey;
    const keys = {
      services: keyOf(sdk.services),
      watchlist: keyOf(sdk.watchlist),
      accounts: keyOf(sdk.accounts),
      refresh: keyOf(sdk.refresh),
      disconnect: keyOf(sdk.disconnect),
    };
    expect(keys).toEqual({
      services: 'GET /v1/services',
      watchlist: 'GET /v1/user/watchlist',
      accounts: 'GET /v1/user/accounts',
      refresh: 'POST /v1/user/refresh',
      disconnect: 'POST /v1/user/accounts/{account_id}/disconnect',
    });
    for (const key of Object.values(keys)) expect(Object.keys(partnerRoutes)).toContain(key);
  });

  it('without initialize, a route method rejects (never throws) with NotInitializedError', async () => {
    const sdk = createSdk({ baseUrl: BASE });
    const pending = sdk.watchlist();
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toMatchObject({ name: 'NotInitializedError' });
  });
});
