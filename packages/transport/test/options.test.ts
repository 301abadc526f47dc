import { describe, expect, it } from 'vitest';
import { ConfigurationError, createTransport, requireSecureBaseUrl, toSearchParams } from '../src/index.js';

describe('client options', () => {
  it.each([
    [{ timeout: -1 }, /timeout/],
    [{ totalTimeout: Number.NaN }, /totalTimeout/],
    [{ retry: 99 }, /retry\.limit/],
    [{ validation: 'loose' }, /validation/],
    [{ fetch: 'nope' }, /fetch/],
  ])('refuses %o at construction', (bad, message) => {
    expect(() => createTransport({ baseUrl: 'https://api.example.test', ...(bad as object) })).toThrow(
      ConfigurationError,
    );
    expect(() => createTransport({ baseUrl: 'https://api.example.test', ...(bad as object) })).toThrow(message);
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
