// What Python's and PHP's stock HTTP tools send, against viewlink-mock on a real port: the CMS side
// reads it as WordPress 6.5.5 does (answers measured on the real one; the contract suite's
// wire.contract.test.ts checks both), the Partner side names a non-JSON body instead of misreading it,
// and every error code it sends is named in the Partner document, where such a client reads them.
import { readFileSync } from 'node:fs';
import { PartnerErrorBody } from '@viewlink/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../src/index.js';
import { type RunningServer, serve } from '../src/server.js';

type Json = Record<string, unknown>;
const ADMIN = `Basic ${btoa('admin:fake admin appl pass word xxxx')}`;
let server: RunningServer;

beforeAll(async () => {
  const service = createMockService();
  server = await serve({ handle: service.handle, refuseMethod: service.refuseMethod });
});
afterAll(() => server.close());

async function createPost(body: BodyInit, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/wp-json/cms/v2/posts`, {
    method: 'POST',
    body,
    headers: { authorization: ADMIN, ...headers },
  });
}

async function listIds(query: string): Promise<number[]> {
  const res = await fetch(`${server.url}/wp-json/cms/v2/posts?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }[]).map((post) => post.id);
}

describe('the CMS fake reads what PHP and Python send as WordPress does', () => {
  it("PHP's curl with an array of fields (multipart/form-data): a post, its strings coerced", async () => {
    const form = new FormData();
    form.append('title', 'From PHP curl');
    form.append('status', 'publish');
    form.append('categories[]', '1');
    form.append('sticky', '1');
    const res = await createPost(form, {});
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      title: { raw: 'From PHP curl' },
      status: 'publish',
      categories: [1],
      sticky: true,
    });
  });

  it("a form body with http_build_query's indexed lists (categories[0]=1) and a plain one (categories=1)", async () => {
    for (const body of [
      'title=Indexed&status=publish&categories%5B0%5D=1',
      'title=Plain&status=publish&categories=1',
    ]) {
      const res = await createPost(body, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ categories: [1], status: 'publish' });
    }
  });

  it('a JSON text without a JSON Content-Type gives WordPress no parameters: 400 empty_content, not a post', async () => {
    const json = JSON.stringify({ title: 'Not read', status: 'publish' });
    // No type (http.client), text/plain (fetch's default for a string), a form type (urllib's default).
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await createPost(
        type === undefined ? new Blob([json]) : json,
        type === undefined ? {} : { 'content-type': type },
      );
      expect(res.status, String(type)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'empty_content', data: { status: 400 } });
    }
    const vendorJson = await createPost(json, { 'content-type': 'application/vnd.example+json; charset=utf-8' });
    expect(vendorJson.status).toBe(201);
  });

  it('a body field the route does not declare is ignored, as WordPress ignores it (no 400)', async () => {
    const res = await createPost(JSON.stringify({ title: 'Extra', status: 'publish', not_a_field: 1 }), {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(201);
  });

  it("query lists as http_build_query writes them (include[0]=..), and a repeated plain key keeps the last, as PHP's", async () => {
    const ids: number[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const res = await createPost(JSON.stringify({ title, status: 'publish' }), {
        'content-type': 'application/json',
      });
      ids.push(((await res.json()) as { id: number }).id);
    }
    const [a, b] = ids as [number, number];
    const both = [b, a];
    expect(await listIds(`include%5B0%5D=${a}&include%5B1%5D=${b}`)).toEqual(both);
    expect(await listIds(`include[]=${a}&include[]=${b}`)).toEqual(both);
    expect(await listIds(`include=${a},${b}`)).toEqual(both);
    // Python's urlencode(..., doseq=True): WordPress (PHP) keeps only the last value.
    expect(await listIds(`include=${a}&include=${b}`)).toEqual([b]);
  });
});

describe('the Partner fake takes JSON only, as its document declares', () => {
  it("a form body (urllib's default type, curl -d) is a 415 in the API's envelope that says what to send", async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', JSON.stringify({ user_id: 'demo-user' })],
      ['application/x-www-form-urlencoded', 'user_id=demo-user'],
      [
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="user_id"\r\n\r\ndemo-user\r\n--b--\r\n',
      ],
    ] as const) {
      const res = await fetch(`${server.url}/v1/auth/token`, {
        method: 'POST',
        headers: { authorization: 'Bearer vl_test_api_key', 'content-type': type },
        body,
      });
      expect(res.status).toBe(415);
      expect(res.headers.get('x-request-id')).toMatch(/^mock-/);
      const envelope = PartnerErrorBody.parse(await res.json());
      expect(envelope.error.code).toBe('unsupported_media_type');
      expect(envelope.error.message).toBe(
        `POST /v1/auth/token takes a JSON body: send it with Content-Type: application/json (this one came as ${type.split(';')[0]})`,
      );
    }
  });

  it("a time sent with an unencoded + (Python's isoformat() in an f-string) gets a 400 that says so", async () => {
    const pair = (await (
      await fetch(`${server.url}/v1/auth/token`, {
        method: 'POST',
        headers: { authorization: 'Bearer vl_test_api_key', 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: 'demo-user' }),
      })
    ).json()) as { access_token: string };
    const read = (since: string) =>
      fetch(`${server.url}/v1/user/history?limit=1&since=${since}`, {
        headers: { authorization: `Bearer ${pair.access_token}` },
      });
    const raw = await read('2025-01-01T00:00:00+00:00');
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { message: string } }).error.message).toMatch(
      /\(since arrived as '2025-01-01T00:00:00 00:00': a \+ in a query string reads as a space, so send it as %2B\)$/,
    );
    expect((await read('2025-01-01T00:00:00%2B00:00')).status).toBe(200);
    const other = await read('yesterday');
    expect(((await other.json()) as { error: { message: string } }).error.message).not.toContain('%2B');
  });

  it('the same for the /__mock/ control routes; JSON with or without a type still works', async () => {
    const form = await fetch(`${server.url}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'advance_ms=1000',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    for (const headers of [{}, { 'content-type': 'application/json; charset=utf-8' }]) {
      const res = await fetch(`${server.url}/v1/auth/token`, {
        method: 'POST',
        headers: { authorization: 'Bearer vl_test_api_key', ...headers },
        body: new Blob([JSON.stringify({ user_id: 'demo-user' })]),
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('the Partner document names every error code the fake sends', () => {
  const document = JSON.parse(
    readFileSync(new URL('../../../docs/openapi/partner-api.yaml', import.meta.url), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n'),
  ) as { components: { schemas: { PartnerErrorBody: { properties: { error: { properties: { code: Json } } } } } } };
  const described = String(document.components.schemas.PartnerErrorBody.properties.error.properties.code.description);

  it('a client in another language can branch on each code from the document alone', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const { handle } = createMockService({ partner: { now: () => now } });
    const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
      const res = await handle(
        new Request(`http://127.0.0.1:4010${path}`, {
          method,
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      );
      return (await res.json()) as { error?: { code: string } } & Record<string, unknown>;
    };
    const key = { authorization: 'Bearer vl_test_api_key' };
    const pairOf = async (user: string) =>
      (await send('POST', '/v1/auth/token', key, { user_id: user })) as unknown as {
        access_token: string;
        refresh_token: string;
      };
    const demo = await pairOf('demo-user');
    const bearer = { authorization: `Bearer ${demo.access_token}` };
    await send('POST', '/v1/auth/token/refresh', key, { refresh_token: demo.refresh_token });
    const file = (await send('POST', '/__mock/users/demo-user/files', {}, { type: 'initial' })) as {
      file: { id: string };
    };
    await send('POST', '/__mock/faults', {}, { route: 'GET /v1/user/ratings', status: 429, times: 1 });
    const answers = [
      await send('POST', '/v1/auth/token', { authorization: 'Bearer wrong' }, { user_id: 'demo-user' }),
      await send('GET', '/v1/user/watchlist', { authorization: 'Bearer wrong' }),
      await send('POST', '/v1/auth/token/refresh', key, { refresh_token: demo.refresh_token }),
      await send('GET', '/v1/user/history?limit=0', bearer),
      await send('GET', '/v1/user/history?cursor=garbage', bearer),
      await send('POST', '/v1/user/refresh', bearer, { service: 'tubely' }),
      await send(
        'POST',
        '/v1/user/refresh',
        { authorization: `Bearer ${(await pairOf('new-user')).access_token}` },
        {},
      ),
      await send('GET', '/v1/nope', bearer),
      await send('GET', '/v1/files/file_nope', key),
      await send('DELETE', '/v1/user/watchlist', bearer),
      await send(
        'POST',
        '/v1/auth/token',
        { ...key, 'content-type': 'application/x-www-form-urlencoded' },
        'user_id=demo-user',
      ),
      await send('GET', '/v1/user/ratings', bearer),
    ];
    now += 8 * 24 * 3600_000; // past the file's expiry
    answers.push(await send('GET', `/v1/files/${file.file.id}`, key));
    const codes = answers.map((answer) => answer.error?.code);
    expect(codes).toEqual([
      'invalid_api_key',
      'invalid_access_token',
      'invalid_refresh_token',
      'invalid_request',
      'invalid_cursor',
      'account_broken',
      'no_linked_accounts',
      'not_found',
      'file_not_found',
      'method_not_allowed',
      'unsupported_media_type',
      'rate_limited',
      'file_expired',
    ]);
    for (const code of codes) expect(described, code).toContain(`\`${code}\``);
  });
});

describe('request bodies the document marks optional', () => {
  it('a body is required exactly where leaving it out is refused (refresh: optional; token issue: required)', async () => {
    const partner = JSON.parse(
      readFileSync(new URL('../../../docs/openapi/partner-api.yaml', import.meta.url), 'utf8')
        .split('\n')
        .slice(1)
        .join('\n'),
    ) as { paths: Record<string, Record<string, { requestBody?: { required: boolean } }>> };
    expect(partner.paths['/v1/user/refresh']?.post?.requestBody?.required).toBe(false);
    expect(partner.paths['/v1/auth/token']?.post?.requestBody?.required).toBe(true);
    const { handle } = createMockService();
    const key = { authorization: 'Bearer vl_test_api_key' };
    const issue = await handle(new Request('http://127.0.0.1:4010/v1/auth/token', { method: 'POST', headers: key }));
    expect(issue.status).toBe(400);
    expect(await issue.json()).toMatchObject({ error: { message: 'Invalid body: user_id is required' } });
    const pair = (await (
      await handle(
        new Request('http://127.0.0.1:4010/v1/auth/token', {
          method: 'POST',
          headers: { ...key, 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: 'demo-user' }),
        }),
      )
    ).json()) as { access_token: string };
    const refresh = await handle(
      new Request('http://127.0.0.1:4010/v1/user/refresh', {
        method: 'POST',
        headers: { authorization: `Bearer ${pair.access_token}` },
      }),
    );
    expect(refresh.status).toBe(202);
  });
});

describe('testing a receiver’s redelivery handling', () => {
  it('POST /__mock/webhook/events keeps an `id` it is given, so one event can be delivered twice', async () => {
    const service = createMockService();
    const fire = () =>
      service.handle(
        new Request('http://127.0.0.1:4010/__mock/webhook/events', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: 'evt_redelivered', type: 'UserDataRefreshCompleted', user_id: 'demo-user' }),
        }),
      );
    expect((await fire()).status).toBe(201);
    expect((await fire()).status).toBe(201);
    expect(service.partner.webhooks.deliveries.map((delivery) => (delivery.event as { id?: unknown }).id)).toEqual([
      'evt_redelivered',
      'evt_redelivered',
    ]);
  });
});

describe('the error examples in both OpenAPI documents', () => {
  const load = (file: string) =>
    JSON.parse(
      readFileSync(new URL(`../../../docs/openapi/${file}`, import.meta.url), 'utf8')
        .split('\n')
        .slice(1)
        .join('\n'),
    ) as { components: { responses: { Error: { content: Record<string, { examples: Record<string, Json> }> } } } };
  const examplesOf = (file: string) =>
    load(file).components.responses.Error.content['application/json']?.examples ?? {};

  it("are the fake's exact answers to the requests they name", async () => {
    const { handle } = createMockService();
    const send = async (path: string, init: RequestInit = {}) =>
      (await handle(new Request(`http://127.0.0.1:4010${path}`, init))).json();
    const token = (await send('/v1/auth/token', {
      method: 'POST',
      headers: { authorization: 'Bearer vl_test_api_key', 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'demo-user' }),
    })) as { access_token: string };
    const answers: Record<string, Record<string, () => Promise<unknown>>> = {
      'partner-api.yaml': {
        invalidAccessToken: () => send('/v1/user/watchlist', { headers: { authorization: 'Bearer nope' } }),
        invalidRefreshToken: () =>
          send('/v1/auth/token/refresh', {
            method: 'POST',
            headers: { authorization: 'Bearer vl_test_api_key', 'content-type': 'application/json' },
            body: JSON.stringify({ refresh_token: 'vl_rt_spent' }),
          }),
        invalidRequest: () =>
          send('/v1/user/history?limit=0', { headers: { authorization: `Bearer ${token.access_token}` } }),
      },
      'cms-rest.yaml': {
        notFound: () => send('/wp-json/cms/v2/posts/999999'),
        notSignedIn: () =>
          send('/wp-json/cms/v2/posts', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ title: 'x' }),
          }),
        invalidParam: () => send('/wp-json/cms/v2/posts?per_page=500'),
      },
    };
    for (const [file, requests] of Object.entries(answers)) {
      const examples = examplesOf(file);
      expect(Object.keys(examples).sort(), file).toEqual(Object.keys(requests).sort());
      for (const [name, request] of Object.entries(requests))
        expect(await request(), `${file} ${name}`).toEqual(examples[name]?.value);
    }
  });
});
