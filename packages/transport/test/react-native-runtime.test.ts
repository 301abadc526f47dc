// The full run where React Native runs it (Hermes: no TextDecoder, no ReadableStream; React
// Native's fetch gives a Response without a body stream): the module loads, bodies are read
// under the size limit, 2xx bodies decoded strictly. The Hermes gate (scripts/hermes) runs the
// built package on the real engine; these run the same paths on Node.
import { afterEach, describe, expect, it, vi } from 'vitest';

const BASE = 'http://127.0.0.1:4999/api';
const LIMIT = 64 * 1024 * 1024;
const nativeDecoder = new TextDecoder();

/** A Response as React Native's fetch (whatwg-fetch over XMLHttpRequest) gives it: `body` undefined, `text()` the whole body. */
function withoutStream(response: Response): Response {
  Object.defineProperty(response, 'body', { value: undefined });
  return response;
}

/** `createTransport` loaded afresh, with the globals as they are when it loads. */
async function freshTransport(fetch: (url: string, init: RequestInit) => Promise<Response>) {
  vi.resetModules();
  const { createTransport } = await import('../src/index.js');
  return createTransport({ baseUrl: BASE, fetch: fetch as typeof globalThis.fetch, retry: false });
}

/** Removes the globals Hermes lacks, until the test ends. */
function asOnHermes() {
  vi.stubGlobal('TextDecoder', undefined);
  vi.stubGlobal('ReadableStream', undefined);
}

const RealReadableStream = globalThis.ReadableStream;
/** A Response made with ReadableStream back for a moment: Node's Response constructor needs the global; the SDK must not. */
function respond(make: () => Response): Response {
  const current = globalThis.ReadableStream;
  globalThis.ReadableStream = RealReadableStream;
  try {
    return make();
  } finally {
    globalThis.ReadableStream = current;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('a fetch without body streams (React Native)', () => {
  it('reads a 2xx JSON body without content-length through text(): non-ASCII text intact', async () => {
    const post = { title: 'Grüße aus Köln: 日本語 und 🎬' };
    const transport = await freshTransport(async () => withoutStream(Response.json(post)));
    await expect(transport.request({ method: 'GET', path: '/posts/1' })).resolves.toMatchObject({
      status: 200,
      data: post,
    });
  });

  it('an error answer keeps its status and the server code', async () => {
    const answer = { code: 'rest_post_invalid_id', message: 'Ungültige ID ✗' };
    const transport = await freshTransport(async () => withoutStream(Response.json(answer, { status: 404 })));
    await expect(transport.request({ method: 'GET', path: '/posts/9' })).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'rest_post_invalid_id',
      serverMessage: 'Ungültige ID ✗',
    });
  });

  it("responseType 'stream' is a typed ConfigurationError, not `body: undefined`; 'response' still reads", async () => {
    const transport = await freshTransport(async () => withoutStream(Response.json({ ok: true })));
    await expect(transport.request({ method: 'GET', path: '/file', responseType: 'stream' })).rejects.toMatchObject({
      name: 'ConfigurationError',
      message: expect.stringContaining(
        "GET http://127.0.0.1:4999/api/file: responseType 'stream' needs a fetch with body streams",
      ),
    });
    const { data } = await transport.request({ method: 'GET', path: '/file', responseType: 'response' });
    expect(await (data as Response).text()).toBe('{"ok":true}');
  });

  it('refuses a body announced over the limit without reading it', async () => {
    const text = vi.fn(async () => '{}');
    const response = withoutStream(new Response('{}', { headers: { 'content-length': String(LIMIT + 1) } }));
    Object.defineProperty(response, 'text', { value: text });
    const transport = await freshTransport(async () => response);
    await expect(transport.request({ method: 'GET', path: '/big' })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining(`larger than the ${LIMIT}-byte limit (content-length ${LIMIT + 1})`),
    });
    expect(text).not.toHaveBeenCalled();
  });

  it('refuses an unannounced body whose UTF-8 size passes the limit (counted in bytes, not UTF-16 units)', async () => {
    // 2 bytes a character: under the limit in characters, over it in bytes.
    const over = `"${'é'.repeat(LIMIT / 2)}"`;
    const under = `"${'é'.repeat(LIMIT / 2 - 2)}"`;
    const bodies = [over, under];
    const transport = await freshTransport(async () => withoutStream(new Response(bodies.shift())));
    await expect(transport.request({ method: 'GET', path: '/big', responseType: 'text' })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      message: expect.stringContaining(`larger than the ${LIMIT}-byte limit`),
    });
    const { data } = await transport.request({ method: 'GET', path: '/big', responseType: 'text' });
    expect(data).toBe(under);
  });
});

describe('an engine without TextDecoder and ReadableStream (Hermes)', () => {
  it('the transport loads and reads a body without a stream', async () => {
    asOnHermes();
    const transport = await freshTransport(async () =>
      respond(() => withoutStream(Response.json({ title: 'Ça marche ✓' }))),
    );
    await expect(transport.request({ method: 'GET', path: '/posts' })).resolves.toMatchObject({
      data: { title: 'Ça marche ✓' },
    });
  });

  // Valid and invalid UTF-8 as the Encoding Standard reads it: overlong forms, surrogates, past
  // U+10FFFF, cut-short sequences, stray continuation bytes, a BOM.
  const samples: number[][] = [
    [...new TextEncoder().encode('plain, Grüße, 日本語, 🎬')],
    [0xef, 0xbb, 0xbf, 0x41],
    [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf5, 0x41],
    [0xe2, 0x82, 0x41],
    [0xf0, 0x9f, 0x8e],
    [0x80, 0xbf, 0x41],
    [0xff, 0xfe],
    [0xe2, 0x82, 0xac, 0xe2],
  ];
  // And bytes at random (a fixed seed: the same run each time).
  let seed = 7;
  for (let n = 0; n < 200; n++)
    samples.push(
      Array.from({ length: 1 + (n % 12) }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % 3 === 0 ? 0x80 + (seed % 0x80) : seed % 0x100;
      }),
    );

  it('a 2xx body is decoded strictly as TextDecoder({ fatal: true }) does, an error body leniently', async () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    asOnHermes();
    let next: Response | undefined;
    const transport = await freshTransport(async () => next as Response);
    for (const bytes of samples) {
      let expected: string | undefined;
      try {
        expected = strict.decode(new Uint8Array(bytes));
      } catch {
        expected = undefined;
      }
      next = respond(() => new Response(new Uint8Array(bytes)));
      const read = transport.request({ method: 'GET', path: '/t', responseType: 'text' });
      if (expected === undefined)
        await expect(read, `${bytes}`).rejects.toMatchObject({ name: 'ResponseValidationError' });
      else await expect(read, `${bytes}`).resolves.toMatchObject({ data: expected });
      // The same bytes as an error answer's message: replaced, not refused.
      const quote = new TextEncoder().encode('{"code":"x","message":"');
      const inQuotes = bytes.filter((b) => b !== 0x22 && b !== 0x5c && b >= 0x20);
      const errorBytes = new Uint8Array([...quote, ...inQuotes, 0x22, 0x7d]);
      next = respond(() => new Response(errorBytes, { status: 500 }));
      const error = (await transport.request({ method: 'GET', path: '/t' }).catch((caught) => caught)) as {
        serverMessage?: string;
      };
      const { message } = JSON.parse(nativeDecoder.decode(errorBytes)) as { message: string };
      expect(error.serverMessage, `${bytes}`).toBe(message);
    }
  });

  it('utf8Base64 without TextEncoder and btoa (Hermes before React Native 0.74) gives what they give', async () => {
    const texts = [
      '',
      'a',
      'ab',
      'abc',
      'abcd',
      'admin:abcd efgh ijkl',
      'rédacteur:Grüße 日本語 🎬',
      'lone \uD800 and \uDC00 end\uD83C',
    ];
    const native = texts.map((text) => btoa(String.fromCharCode(...new TextEncoder().encode(text))));
    vi.stubGlobal('TextEncoder', undefined);
    vi.stubGlobal('btoa', undefined);
    vi.resetModules();
    const { utf8Base64 } = await import('../src/index.js');
    expect(texts.map(utf8Base64)).toEqual(native);
  });

  it('a request body that is not a stream still goes out, and a GET with none is replayable', async () => {
    asOnHermes();
    const sent: RequestInit[] = [];
    const transport = await freshTransport(async (_url, init) => {
      sent.push(init);
      return respond(() => withoutStream(Response.json({ ok: true })));
    });
    await transport.request({ method: 'POST', path: '/upload', body: 'raw text' });
    await transport.request({ method: 'GET', path: '/posts' });
    expect(sent.map((init) => [init.method, init.body, 'duplex' in init])).toEqual([
      ['POST', 'raw text', false],
      ['GET', undefined, false],
    ]);
  });
});
