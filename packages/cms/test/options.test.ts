/** Client options passed through to the transport: validation modes, headers, custom fetch. */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CmsClient, ResponseValidationError } from '../src/index.js';
import { countingFetch, ROOT, rejection, SITE, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;

function client(options: Partial<ConstructorParameters<typeof CmsClient>[0]> = {}) {
  const fetch = countingFetch();
  const warnings: string[] = [];
  const cms = new CmsClient({
    baseUrl: SITE,
    restRoot: `${ROOT}/`,
    namespaces: { cms: 'wp/v2' },
    fetch,
    retry: false,
    logger: { warn: (m) => warnings.push(m) },
    ...options,
  });
  return { cms, fetch, warnings };
}

describe('response validation modes', () => {
  // Schema drift: the id is a string.
  const drift = () =>
    server.use(http.get(`${WP}/posts/3`, () => HttpResponse.json({ id: '3', title: { rendered: 'x' } })));

  it("'strict' (default) rejects with the path of the mismatch", async () => {
    drift();
    const error = await rejection<ResponseValidationError>(client().cms.posts.get(3));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0]?.path).toEqual(['id']);
  });

  it("'warn' returns the data and logs the mismatch; 'off' returns it silently", async () => {
    drift();
    const warned = client({ validation: 'warn' });
    expect(await warned.cms.posts.get(3)).toMatchObject({ id: '3' });
    expect(warned.warnings.join('\n')).toMatch(/id/);
    const off = client({ validation: 'off' });
    expect(await off.cms.posts.get(3)).toMatchObject({ id: '3' });
    expect(off.warnings).toEqual([]);
  });
});

describe('headers', () => {
  it('sends client headers on every request and per-call headers on one', async () => {
    const seen: Array<[string | null, string | null]> = [];
    server.use(
      http.get(`${WP}/posts`, ({ request }) => {
        seen.push([request.headers.get('x-app'), request.headers.get('x-trace')]);
        return HttpResponse.json([], { headers: { 'x-wp-total': '0', 'x-wp-totalpages': '0' } });
      }),
    );
    const { cms } = client({ headers: { 'x-app': 'cms-tests' } });
    await cms.posts.list();
    await cms.posts.list({}, { headers: { 'x-trace': 'abc' } });
    expect(seen).toEqual([
      ['cms-tests', null],
      ['cms-tests', 'abc'],
    ]);
  });
});
