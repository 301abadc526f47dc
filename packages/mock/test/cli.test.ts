import { CmsClient } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { json, mount } from '../src/index.js';
import { parseCliArgs, runCli } from '../src/node/cli.js';

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
