import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { APIError, CmsClient, ConfigurationError } from '../src/index.js';
import { ROOT, rejection, SECRET, SITE, useMswServer } from './helpers.js';

const server = useMswServer();
const auth = { username: 'editor', applicationPassword: SECRET };

describe('CmsClient construction', () => {
  it.each([
    [{ baseUrl: 'not a url' }, /baseUrl/],
    [{ baseUrl: 'ftp://example.com' }, /http/],
    [{ baseUrl: 'https://user:pw@example.com' }, /credentials/],
    [{ baseUrl: 'http://example.com', auth }, /https/],
    [{ baseUrl: SITE, namespaces: { cms: 'bad ns' } }, /namespaces\.cms/],
    [{ baseUrl: SITE, timeout: -1 }, /timeout/],
    [{ baseUrl: SITE, validation: 'loose' }, /validation/],
    [{ baseUrl: SITE, restRoot: 'ftp://x/' }, /restRoot/],
    // Of another kind: a number read as a relative path, a string's namespaces as none.
    [{ baseUrl: SITE, restRoot: 5 }, /^new CmsClient\(\): `restRoot` must be a URL or a path string$/],
    [{ baseUrl: SITE, namespaces: 'wp/v2' }, /^new CmsClient\(\): `namespaces` must be an object like/],
    [{ baseUrl: SITE, headers: 'x-site: a' }, /`headers` must be an object/],
    [{ baseUrl: SITE, headers: { 'x-site': 5 } }, /`headers` must be an object of header names to string values/],
    [
      { baseUrl: SITE, profile: 'wordpress' },
      /^new CmsClient\(\): profile is an unknown option \(known: baseUrl, .*compat/,
    ],
    [{ baseUrl: SITE, applicationPassword: 'x' }, /applicationPassword is an unknown option/],
  ])('refuses %o', (options, message) => {
    expect(() => new CmsClient(options as never)).toThrow(ConfigurationError);
    expect(() => new CmsClient(options as never)).toThrow(message);
  });

  it('accepts a stock WordPress configuration on loopback http', () => {
    expect(() => new CmsClient({ baseUrl: SITE, namespaces: { cms: 'wp/v2' }, auth })).not.toThrow();
  });
});

describe('secrets', () => {
  it('never appear in JSON.stringify(client), util.inspect(client) or String(client)', () => {
    const cms = new CmsClient({ baseUrl: SITE, namespaces: { cms: 'wp/v2' }, auth });
    for (const text of [JSON.stringify(cms), inspect(cms, { depth: 10, showHidden: true }), String(cms)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(btoa(`editor:${SECRET}`));
    }
    expect(JSON.parse(JSON.stringify(cms))).toEqual({
      baseUrl: `${SITE}/`,
      namespaces: { cms: 'wp/v2', seo: 'seo/v1', forms: 'forms/v1', batch: 'batch/v1', oembed: 'oembed/1.0' },
    });
  });

  it('never appear in errors or logs, even when the server echoes them', async () => {
    server.use(
      http.get(`${ROOT}/wp/v2/posts/1`, ({ request }) =>
        HttpResponse.json(
          {
            code: 'rest_forbidden',
            message: `echo ${request.headers.get('authorization')} ${SECRET}`,
            data: {
              status: 403,
              params: { id: SECRET },
              details: { id: { code: 'x', message: SECRET, data: [SECRET] } },
            },
          },
          { status: 403 },
        ),
      ),
    );
    const lines: string[] = [];
    const log = (message: string, fields?: unknown) => lines.push(message + JSON.stringify(fields ?? {}));
    const logger = { debug: log, info: log, warn: log, error: log };
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: ROOT,
      namespaces: { cms: 'wp/v2' },
      auth,
      logger,
      retry: false,
    });
    const error = await rejection<APIError>(cms.posts.get(1));
    expect(error).toBeInstanceOf(APIError);
    expect(error.code).toBe('rest_forbidden');
    expect(error.details).toEqual({ id: { code: 'x', message: '[REDACTED]', data: ['[REDACTED]'] } });
    expect(lines.length).toBeGreaterThan(0);
    const texts = [String(error), JSON.stringify(error), inspect(error, { depth: 10 }), error.stack ?? '', ...lines];
    for (const text of texts) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(SECRET.replace(/\s+/g, ''));
      expect(text).not.toContain(btoa(`editor:${SECRET}`));
    }
  });

  it('a nonce from a function is redacted too', async () => {
    const nonce = 'nonce-0123456789';
    server.use(
      http.get(`${ROOT}/wp/v2/posts/1`, ({ request }) =>
        HttpResponse.json(
          {
            code: 'rest_cookie_invalid_nonce',
            message: `bad ${request.headers.get('x-wp-nonce')}`,
            data: { status: 403 },
          },
          { status: 403 },
        ),
      ),
    );
    const warn = vi.fn();
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: ROOT,
      namespaces: { cms: 'wp/v2' },
      auth: { nonce: () => nonce },
      logger: { warn },
    });
    const error = await rejection<APIError>(cms.posts.get(1));
    expect(error.code).toBe('rest_cookie_invalid_nonce');
    expect(error.message).not.toContain(nonce);
  });
});
