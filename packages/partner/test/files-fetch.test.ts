/** fetchDataFile / streamDataFile against real servers on 127.0.0.1. */
import { inspect } from 'node:util';
import { AbortError, ConfigurationError, ConnectionError, NotFoundError, ValidationError } from '@viewlink/transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDataFile, readDataFile, streamDataFile } from '../src/files/index.js';
import { collect, gzip, historyLine, ndjson } from './files-helpers.js';
import { listen } from './webhooks-helpers.js';

const API_KEY = 'vl_api_key_RECOGNISABLE_777';
let api: { url: string; close: () => Promise<void> };
let storage: { url: string; close: () => Promise<void> };
const seen: { server: string; path: string; authorization: string | undefined }[] = [];
let body: Uint8Array;
let big: Uint8Array;
const BIG_RECORDS = 20_000;

beforeAll(async () => {
  body = await gzip(ndjson([historyLine(1), historyLine(2), historyLine(3)]));
  big = await gzip(ndjson(Array.from({ length: BIG_RECORDS }, (_, i) => historyLine(i + 1))));
  api = await listen((req, res) => {
    seen.push({ server: 'api', path: req.url ?? '', authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ error: { code: 'invalid_api_key', message: `bad key ${req.headers.authorization}` } }),
      );
    }
    if (req.url === '/v1/files/file_1') {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      return res.end(body);
    }
    if (req.url === '/v1/files/file_big') {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      return res.end(big);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'file_not_found', message: 'No such file' } }));
  });
  storage = await listen((req, res) => {
    seen.push({ server: 'storage', path: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/gzip' });
    res.end(body);
  });
});
afterAll(async () => {
  await api.close();
  await storage.close();
});

const descriptor = { id: 'file_1', format: 'ndjson', compression: 'gzip', record_count: 3 };

describe('fetchDataFile', () => {
  it('GETs /v1/files/{file_id} with the API Key and reads the records', async () => {
    const response = await fetchDataFile(descriptor, { apiKey: API_KEY, baseUrl: api.url });
    const records = await collect(readDataFile(response, { file: descriptor }));
    expect(records.map((r) => r.key)).toEqual(['h1', 'h2', 'h3']);
    expect(seen.at(-1)).toEqual({ server: 'api', path: '/v1/files/file_1', authorization: `Bearer ${API_KEY}` });
  });

  it('its signal aborts the read of the body at once, as a fetch body errors on abort (the body was read ahead)', async () => {
    const file = { id: 'file_big', format: 'ndjson', compression: 'gzip', record_count: BIG_RECORDS };
    const controller = new AbortController();
    const response = await fetchDataFile(file, { apiKey: API_KEY, baseUrl: api.url, signal: controller.signal });
    // The whole body is in the read-ahead by now: the abort must still end the read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    let records = 0;
    const error = await (async () => {
      for await (const _ of readDataFile(response, { file })) if (++records === 100) controller.abort();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    // Named at the call that read (it said `GET <url> was aborted`), as every abort names its call.
    expect((error as AbortError).message).toBe(`readDataFile(): GET ${api.url}/v1/files/file_big was aborted`);
    expect(records).toBe(100);
  });

  it('an abort before the headers came is named at the call too: fetchDataFile() (it said `GET <url> was aborted`)', async () => {
    const controller = new AbortController();
    // No answer until the signal fires.
    const hanging = ((_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
      )) as typeof globalThis.fetch;
    setTimeout(() => controller.abort(), 20);
    const error = await fetchDataFile('file_1', {
      apiKey: API_KEY,
      baseUrl: api.url,
      fetch: hanging,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).message).toBe(`fetchDataFile(): GET ${api.url}/v1/files/file_1 was aborted`);
  });

  it('streamDataFile fetches and reads in one go', async () => {
    expect(await collect(streamDataFile(descriptor, { apiKey: API_KEY, baseUrl: `${api.url}/` }))).toHaveLength(3);
  });

  it('fetches a direct URL on another origin without the API Key, and hides its query in errors', async () => {
    const url = `${storage.url}/bucket/file_1.ndjson.gz?X-Signature=presigned-secret`;
    const records = await collect(streamDataFile({ ...descriptor, url }, { apiKey: API_KEY, baseUrl: api.url }));
    expect(records).toHaveLength(3);
    expect(seen.at(-1)).toMatchObject({ server: 'storage', authorization: undefined });
  });

  it('sends the API Key to a direct URL on the API origin', async () => {
    await fetchDataFile({ ...descriptor, url: `${api.url}/v1/files/file_1` }, { apiKey: API_KEY, baseUrl: api.url });
    expect(seen.at(-1)).toMatchObject({ server: 'api', authorization: `Bearer ${API_KEY}` });
  });

  it('maps a 404 to NotFoundError with the server code, and a 401 without echoing the key', async () => {
    const missing = await fetchDataFile('nope', { apiKey: API_KEY, baseUrl: api.url }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: 'file_not_found', status: 404 });
    const denied = await fetchDataFile('file_1', { apiKey: `${API_KEY}x`, baseUrl: api.url }).catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 401, code: 'invalid_api_key' });
    for (const error of [missing, denied])
      expect(String(error) + JSON.stringify(error) + inspect(error, { showHidden: true })).not.toContain(API_KEY);
  });

  it('refuses a missing API Key, an insecure base URL and an insecure file URL before any request', async () => {
    const before = seen.length;
    await expect(fetchDataFile('file_1', { apiKey: '', baseUrl: api.url })).rejects.toBeInstanceOf(ConfigurationError);
    await expect(
      fetchDataFile('file_1', { apiKey: API_KEY, baseUrl: 'http://files.example.com' }),
    ).rejects.toBeInstanceOf(ConfigurationError);
    await expect(
      fetchDataFile({ ...descriptor, url: 'http://files.example.com/f' }, { apiKey: API_KEY, baseUrl: api.url }),
    ).rejects.toBeInstanceOf(ConfigurationError);
    expect(seen.length).toBe(before);
  });

  it('refuses a missing file or options and a bad fetch or read option with typed errors before any request', async () => {
    const before = seen.length;
    const options = { apiKey: API_KEY, baseUrl: api.url };
    // Named at the call, as every other call's input: the parameter, then what it must be.
    const refusals: [unknown, string][] = [
      [
        undefined,
        'fetchDataFile(): file must be a file event, its `file` descriptor ({ id, format, compression, ... }) or a data file id',
      ],
      [null, 'fetchDataFile(): file must be a file event'],
      ['', 'fetchDataFile(): file must not be empty (a data file id)'],
      ['  ', 'fetchDataFile(): file must not be empty (a data file id)'],
      [{ ...descriptor, id: '' }, 'fetchDataFile(): id must be a data file id (a non-empty string)'],
      [{ file: { ...descriptor, id: 5 } }, 'fetchDataFile(): file.id must be a data file id (a non-empty string)'],
    ];
    for (const [file, message] of refusals) {
      const error = await fetchDataFile(file as never, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain(message);
    }
    await expect(fetchDataFile('file_1', undefined as never)).rejects.toThrow(ConfigurationError);
    await expect(fetchDataFile('file_1', { ...options, fetch: 'x' as never })).rejects.toThrow(
      /`fetch` must be a function/,
    );
    await expect(
      collect(streamDataFile(descriptor as never, { ...options, onInvalid: 'ignore' as never })),
    ).rejects.toThrow("streamDataFile(): onInvalid must be 'throw', 'skip' or a function");
    expect(seen.length).toBe(before);
  });

  it('reports an unreachable server as ConnectionError', async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    await expect(fetchDataFile('file_1', { apiKey: API_KEY, baseUrl: closed.url })).rejects.toBeInstanceOf(
      ConnectionError,
    );
  });
});
