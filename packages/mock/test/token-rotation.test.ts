/** Refresh-token rotation in the Partner fake: a spent refresh token is refused and counted. */
import { describe, expect, it } from 'vitest';
import { createPartnerFake } from '../src/index.js';

const KEY = 'vl_rotation_key';

async function call(fake: ReturnType<typeof createPartnerFake>, path: string, body: unknown, auth = KEY) {
  const response = await fake.handle(
    new Request(`http://127.0.0.1:4013${path}`, {
      method: path.startsWith('/v1/user/') ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      ...(path.startsWith('/v1/user/') ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('refresh-token rotation', () => {
  it('refuses a spent refresh token, counts it, and counts uses of the renewed pair', async () => {
    const fake = createPartnerFake({ apiKeys: [KEY] });
    const first = await call(fake, '/v1/auth/token', { user_id: 'demo-user' });
    const renewed = await call(fake, '/v1/auth/token/refresh', { refresh_token: first.body.refresh_token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(first.body.refresh_token);
    const again = await call(fake, '/v1/auth/token/refresh', { refresh_token: first.body.refresh_token });
    expect(again.status).toBe(401);
    const unknown = await call(fake, '/v1/auth/token/refresh', { refresh_token: 'vl_rt_never_issued' });
    expect(unknown.status).toBe(401);
    expect([fake.tokens.renewed, fake.tokens.refused, fake.tokens.spentRefreshAttempts]).toEqual([1, 2, 1]);
    // The old access token is still within its lifetime: using it is allowed, and counted.
    expect((await call(fake, '/v1/user/watchlist', undefined, first.body.access_token)).status).toBe(200);
    expect((await call(fake, '/v1/user/watchlist', undefined, renewed.body.access_token)).status).toBe(200);
    expect(fake.tokens.retiredAccessUses).toBe(1);
    const stats = await (await fake.handle(new Request('http://127.0.0.1:4013/__mock/stats'))).json();
    expect(stats).toMatchObject({
      tokens_renewed: 1,
      tokens_refused: 2,
      spent_refresh_attempts: 1,
      retired_access_uses: 1,
    });
  });
});
