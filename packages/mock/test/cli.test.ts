import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CmsClient } from '@viewlink/cms';
import { verifyWebhook } from '@viewlink/partner';
import { describe, expect, it } from 'vitest';
import { json, mount } from '../src/index.js';
import { runCli } from '../src/node/internal/cli.js';
import { parseCliArgs } from '../src/node/internal/cli-args.js';

describe('viewlink-mock arguments', () => {
  it('defaults to 127.0.0.1:4010', () => {
    expect(parseCliArgs([])).toEqual({ port: 4010, host: '127.0.0.1' });
  });

  it('refuses a bad port, a non-loopback host and unknown flags before listening', () => {
    expect(() => parseCliArgs(['--port', '70000'])).toThrow(/--port must be an integer/);
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow(/--port must be an integer/);
    expect(() => parseCliArgs(['--host', '0.0.0.0'])).toThrow(/loopback/);
    expect(() => parseCliArgs(['--verbose'])).toThrow(/verbose/);
  });

  it('prints usage for --help without starting a server', async () => {
    const lines: string[] = [];
    expect(await runCli(['--help'], (line) => lines.push(line))).toBeUndefined();
    expect(lines.join('\n')).toMatch(/Usage: viewlink-mock/);
    expect(lines.join('\n')).toContain('POST /__mock/reset');
  });
});

describe('viewlink-mock server', () => {
  it('serves the Partner fake at / and the CMS fake at /wp-json over real HTTP', async () => {
    const lines: string[] = [];
    const server = await runCli(['--port', '0'], (line) => lines.push(line));
    if (!server) throw new Error('no server');
    try {
      expect(lines[0]).toBe(`viewlink-mock listening on ${server.url}`);
      const index = await fetch(`${server.url}/wp-json/`);
      expect(index.status).toBe(200);
      expect(await index.json()).toMatchObject({ namespaces: expect.arrayContaining(['cms/v2']) });
      const token = await fetch(`${server.url}/v1/auth/token`, { method: 'POST' });
      expect(token.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it("answers the site's home with the Link header a CmsClient discovers the REST root from", async () => {
    const server = await runCli(['--port', '0'], () => undefined);
    if (!server) throw new Error('no server');
    try {
      const head = await fetch(`${server.url}/`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('link')).toBe(`<${server.url}/wp-json/>; rel="https://api.w.org/"`);
      const seen: string[] = [];
      const cms = new CmsClient({
        baseUrl: server.url,
        logger: { debug: (line: string) => seen.push(line), warn: (line: string) => seen.push(line) },
      });
      await cms.posts.list();
      // One discovery request (HEAD /, answered 200), no 404 and no fallback guess.
      expect(seen.filter((line) => line.includes(`${server.url}/ `))).toHaveLength(1);
      // The URL is blanked first: a random port such as 40404 must not read as a 404 status.
      const withoutUrl = seen.join('\n').replaceAll(server.url, '<server>');
      expect(withoutUrl).toContain('<server>/ -> 200');
      expect(withoutUrl).not.toMatch(/\b404\b|advertises no REST root/);
    } finally {
      await server.close();
    }
  });

  it('reports a busy port as an error of the call, not an unhandled event', async () => {
    const first = await runCli(['--port', '0'], () => undefined);
    if (!first) throw new Error('no server');
    try {
      await expect(runCli(['--port', String(first.port)], () => undefined)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});

describe('viewlink-mock POST /__mock/reset', () => {
  it('puts both fakes back as the command started them, over real HTTP, with no body sent', async () => {
    const hook = 'http://127.0.0.1:9/webhooks/viewlink';
    const server = await runCli(['--port', '0', '--webhook-url', hook], () => undefined);
    if (!server) throw new Error('no server');
    const send = (method: string, path: string, body?: unknown, authorization?: string) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    try {
      await send('POST', '/__mock/users', { user_id: 'temp' });
      await send('PUT', '/__mock/webhook', { url: null });
      const admin = `Basic ${btoa('admin:fake admin appl pass word xxxx')}`;
      expect((await send('POST', '/wp-json/cms/v2/posts', { title: 'A', status: 'publish' }, admin)).status).toBe(201);

      const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST' }); // as `curl -X POST` sends it
      expect(await reset.json()).toEqual({ reset: true });

      expect((await send('GET', '/__mock/users/temp')).status).toBe(404);
      expect((await send('GET', '/wp-json/cms/v2/posts')).headers.get('x-wp-total')).toBe('0');
      const event = {
        type: 'LinkedAccountBroken',
        user_id: 'demo-user',
        linked_account_id: 'acc_1',
        service: 'tubely',
      };
      const fired = (await (await send('POST', '/__mock/webhook/events', event)).json()) as { url?: string };
      expect(fired.url).toBe(hook); // the --webhook-url target again, not the one the test cleared
    } finally {
      await server.close();
    }
  });
});

describe('viewlink-mock --webhook-url', () => {
  it('parses --webhook-url and --webhook-secret (or VIEWLINK_WEBHOOK_SECRET) and refuses unusable values', () => {
    const url = 'http://127.0.0.1:3000/webhooks/viewlink';
    expect(parseCliArgs(['--webhook-url', url, '--webhook-secret', 'test-secret'])).toEqual({
      port: 4010,
      host: '127.0.0.1',
      webhookUrl: url,
      webhookSecret: 'test-secret',
    });
    expect(parseCliArgs(['--webhook-url', url], { VIEWLINK_WEBHOOK_SECRET: 'from-env' })).toMatchObject({
      webhookSecret: 'from-env',
    });
    expect(parseCliArgs(['--webhook-url', url])).not.toHaveProperty('webhookSecret');
    expect(() => parseCliArgs(['--webhook-url', 'localhost:3000/hooks'])).toThrow(/absolute http: or https: URL/);
    expect(() => parseCliArgs(['--webhook-url', 'ftp://127.0.0.1/hooks'])).toThrow(/absolute http: or https: URL/);
    expect(() => parseCliArgs(['--webhook-secret', 'x'])).toThrow(/--webhook-secret needs --webhook-url/);
    const blank = (() => {
      try {
        parseCliArgs(['--webhook-url', url, '--webhook-secret', '  ']);
      } catch (error) {
        return String(error);
      }
    })();
    expect(blank).toMatch(/must not be blank/);
  });

  it('POSTs the refresh webhook to the URL over real HTTP, with the secret in Signature (never printed)', async () => {
    const deliveries: Array<{ signature: string | undefined; body: Record<string, unknown> }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        deliveries.push({ signature: req.headers.signature as string | undefined, body: JSON.parse(body) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/viewlink`;
    const lines: string[] = [];
    const server = await runCli(
      ['--port', '0', '--webhook-url', hook, '--webhook-secret', 'cli-secret-do-not-print'],
      (line) => lines.push(line),
      {},
    );
    if (!server) throw new Error('no server');
    try {
      expect(lines.join('\n')).toContain(`Webhooks   -> ${hook}`);
      expect(lines.join('\n')).not.toContain('cli-secret-do-not-print');
      const pair = (await (
        await fetch(`${server.url}/v1/auth/token`, {
          method: 'POST',
          headers: { authorization: 'Bearer vl_test_api_key', 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: 'demo-user' }),
        })
      ).json()) as { access_token: string };
      const refresh = await fetch(`${server.url}/v1/user/refresh`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pair.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'streamflix' }),
      });
      expect(refresh.status).toBe(202);
      await expect.poll(() => deliveries.length, { timeout: 5_000 }).toBe(1);
      expect(deliveries[0]?.signature).toBe('cli-secret-do-not-print');
      expect(deliveries[0]?.body).toMatchObject({ type: 'UserDataRefreshCompleted', user_id: 'demo-user' });
    } finally {
      await server.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('parses --webhook-scheme and refuses an unknown one, or hmac-sha256 without a secret', () => {
    const url = 'http://127.0.0.1:3000/webhooks/viewlink';
    expect(
      parseCliArgs(['--webhook-url', url, '--webhook-secret', 's', '--webhook-scheme', 'hmac-sha256']),
    ).toMatchObject({ webhookScheme: 'hmac-sha256' });
    expect(() => parseCliArgs(['--webhook-url', url, '--webhook-scheme', 'hmac'])).toThrow(
      /--webhook-scheme must be secret or hmac-sha256, got hmac/,
    );
    expect(() => parseCliArgs(['--webhook-url', url, '--webhook-scheme', 'hmac-sha256'])).toThrow(
      /needs --webhook-secret/,
    );
    expect(() => parseCliArgs(['--webhook-scheme', 'secret'])).toThrow(/--webhook-scheme needs --webhook-url/);
  });

  it('--webhook-scheme hmac-sha256: each delivery carries t=..,v1=.. that the SDK verifies, and a changed body fails', async () => {
    const deliveries: Array<{ signature: string; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        deliveries.push({ signature: String(req.headers.signature), body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/viewlink`;
    const lines: string[] = [];
    const server = await runCli(
      ['--port', '0', '--webhook-url', hook, '--webhook-secret', 'hmac-secret', '--webhook-scheme', 'hmac-sha256'],
      (line) => lines.push(line),
      {},
    );
    if (!server) throw new Error('no server');
    try {
      expect(lines.join('\n')).toContain('Signature: HMAC-SHA256 with your secret');
      const fired = await fetch(`${server.url}/__mock/webhook/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'UserDataRefreshCompleted', user_id: 'demo-user' }),
      });
      expect(fired.status).toBe(201);
      await expect.poll(() => deliveries.length, { timeout: 5_000 }).toBe(1);
      const [delivery] = deliveries as [{ signature: string; body: string }];
      expect(delivery.signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
      const options = { secret: 'hmac-secret', scheme: 'hmac-sha256' } as const;
      const event = await verifyWebhook({ body: delivery.body, headers: { signature: delivery.signature } }, options);
      expect(event).toMatchObject({ type: 'UserDataRefreshCompleted', user_id: 'demo-user' });
      const changed = delivery.body.replace('demo-user', 'demo-usex');
      await expect(
        verifyWebhook({ body: changed, headers: { signature: delivery.signature } }, options),
      ).rejects.toMatchObject({ reason: 'invalid_signature' });
      // Switched back at run time: the secret itself again.
      const put = await fetch(`${server.url}/__mock/webhook`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: hook, scheme: 'secret' }),
      });
      expect(await put.json()).toEqual({ url: hook, signed: true, scheme: 'secret' });
      await fetch(`${server.url}/__mock/webhook/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'UserDataRefreshCompleted', user_id: 'demo-user' }),
      });
      await expect.poll(() => deliveries.length, { timeout: 5_000 }).toBe(2);
      expect(deliveries[1]?.signature).toBe('hmac-secret');
    } finally {
      await server.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('mount', () => {
  const handle = mount([
    { prefix: '/wp-json', handle: async (r) => json({ cms: new URL(r.url).pathname, body: await r.text() }) },
    { prefix: '', handle: async (r) => json({ root: new URL(r.url).pathname }) },
  ]);

  it('strips the longest matching prefix and keeps method and body', async () => {
    const res = await handle(new Request('http://x/wp-json/cms/v2/posts?x=1', { method: 'POST', body: 'hi' }));
    expect(await res.json()).toEqual({ cms: '/cms/v2/posts', body: 'hi' });
    expect(await (await handle(new Request('http://x/wp-json'))).json()).toEqual({ cms: '/', body: '' });
  });

  it('does not treat a longer sibling path as the prefix', async () => {
    expect(await (await handle(new Request('http://x/wp-jsonx/a'))).json()).toEqual({ root: '/wp-jsonx/a' });
  });
});
