import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createTransport,
  type RequestOptions,
  requireSecureBaseUrl,
  toSearchParams,
  ValidationError,
} from '../src/index.js';

describe('client options', () => {
  it.each([
    [{ timeout: -1 }, /timeout/],
    [{ totalTimeout: Number.NaN }, /totalTimeout/],
    [{ retry: 99 }, /retry\.limit/],
    [{ validation: 'loose' }, /validation/],
    [{ fetch: 'nope' }, /fetch/],
    [{ retry: 'x' }, /`retry` must be a retry count/],
    [{ retry: null }, /`retry` must be a retry count/],
    [{ retry: { baseDelayMs: -1 } }, /retry\.baseDelayMs/],
    [{ maxRetries: 3 }, /^createTransport\(\): maxRetries is an unknown option \(known: baseUrl, fetch, timeout, /],
    [{ timout: 5 }, /timout is an unknown option/],
    // A logger that would fail at the first warning (`logger: console.log`'s return, a level that is a string).
    // Called on every request or error, so refused here rather than there.
    [{ headers: { 'x-a': '1' } }, /^`headers` must be a function$/],
    [{ secrets: ['s'] }, /^`secrets` must be a function$/],
    [{ parseErrorBody: 'json' }, /^`parseErrorBody` must be a function$/],
    [{ baseUrl: 5 }, /^`baseUrl` must be a URL string$/],
    [{ logger: 5 }, /^`logger` must be an object whose debug, info, warn and error \(each optional\) are functions$/],
    [{ logger: { warn: 'loud' } }, /`logger` must be an object/],
  ])('refuses %o at construction', (bad, message) => {
    expect(() => createTransport({ baseUrl: 'https://api.example.test', ...(bad as object) })).toThrow(
      ConfigurationError,
    );
    expect(() => createTransport({ baseUrl: 'https://api.example.test', ...(bad as object) })).toThrow(message);
  });

  it('refuses options that are not an object', () => {
    expect(() => createTransport(undefined as never)).toThrow('createTransport() needs an options object: { baseUrl }');
  });

  it('accepts https anywhere and plain http only on loopback', () => {
    expect(requireSecureBaseUrl('https://api.example.test').host).toBe('api.example.test');
    expect(requireSecureBaseUrl('http://127.0.0.1:8080').port).toBe('8080');
    expect(requireSecureBaseUrl('http://localhost:3000').hostname).toBe('localhost');
    expect(requireSecureBaseUrl('http://[::1]:3000').hostname).toBe('[::1]');
    expect(() => requireSecureBaseUrl('http://api.example.test')).toThrow(/clear text/);
    expect(() => requireSecureBaseUrl('ftp://x.test')).toThrow(ConfigurationError);
    expect(() => requireSecureBaseUrl('not a url')).toThrow(ConfigurationError);
    expect(() => requireSecureBaseUrl('https://me:pw@x.test')).toThrow(/credentials/);
    expect(() => requireSecureBaseUrl(undefined)).toThrow(/baseUrl/);
  });
});

describe('per-request options', () => {
  it.each([
    [{ timeout: -1 }, 'timeout: must be a positive number of milliseconds'],
    [{ timeout: Number.NaN }, 'timeout: must be a positive number of milliseconds'],
    // setTimeout fires at once past 2^31 - 1 ms: refused, in the words the data-file options use.
    [{ timeout: 2_147_483_648 }, 'timeout: must be a positive number of milliseconds, at most 2147483647'],
    // The problem names the option itself: no second `retry:` in front.
    [{ retry: 99 }, '`retry.limit` must be an integer from 0 to 10'],
    [{ signal: 'abort' }, 'signal: must be an AbortSignal'],
    [{ headers: 'x' }, 'headers: must be an object'],
    [{ method: 'YEET' }, 'method: must be one of GET'],
    [{ path: undefined }, 'path: must be a string'],
  ])('refuses %o with a ValidationError before fetch is called', async (bad, message) => {
    let called = 0;
    const transport = createTransport({
      baseUrl: 'https://api.example.test',
      fetch: async () => {
        called++;
        return new Response('{}');
      },
    });
    const sent = transport.request({ method: 'GET', path: '/x', ...(bad as object) } as RequestOptions);
    await expect(sent).rejects.toThrow(ValidationError);
    await expect(sent).rejects.toThrow(`Invalid request options: ${message}`);
    expect(called).toBe(0);
  });
});

describe('query strings', () => {
  it('writes arrays and term objects in PHP bracket notation and leaves out undefined', () => {
    const params = toSearchParams({
      include: [1, 2],
      categories: { terms: [3], operator: 'AND' },
      sticky: false,
      skip: undefined,
    });
    expect(decodeURIComponent(params.toString())).toBe(
      'include[]=1&include[]=2&categories[terms][]=3&categories[operator]=AND&sticky=false',
    );
  });
});
