/**
 * `@viewlink/cms/preview` stays out of browser bundles: bundled for the browser through the
 * package's exports map it is the module that throws, with none of the reader; bundled for Node
 * it is the reader. And the reader refuses to start where a DOM exists, sending nothing. Reading
 * drafts and autosaves on a real WordPress: contract/preview.contract.test.ts.
 */
import { readFileSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, ValidationError } from '../src/core/errors.js';
import { DraftPreview } from '../src/preview.js';
import { SITE } from './helpers.js';

const packageDir = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
  exports: Record<string, Record<string, { default: string }>>;
};

/** Resolves `@viewlink/cms/preview` by the exports map's `condition`, to the source of the built file it names. */
function exportsMap(condition: 'browser' | 'import'): Plugin {
  return {
    name: 'cms-exports',
    setup(b) {
      b.onResolve({ filter: /^@viewlink\/cms\/preview$/ }, () => {
        const target = manifest.exports['./preview']?.[condition]?.default ?? '';
        const source = /^\.\/dist\/([\w-]+)\.js$/.exec(target)?.[1];
        return { path: new URL(`src/${source}.ts`, packageDir).pathname };
      });
    },
  };
}

async function bundle(platform: 'browser' | 'node'): Promise<string> {
  const result = await build({
    stdin: { contents: "export * from '@viewlink/cms/preview';", resolveDir: '.' },
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    packages: 'external',
    plugins: [exportsMap(platform === 'browser' ? 'browser' : 'import')],
  });
  return result.outputFiles?.[0]?.text ?? '';
}

describe('the draft-preview reader is server-only', () => {
  it('a browser bundle of @viewlink/cms/preview is the module that throws, without the reader', async () => {
    const code = await bundle('browser');
    expect(code).toContain('@viewlink/cms/preview is server-only');
    expect(code).not.toContain('DraftPreview');
    expect(code).not.toContain('applicationPassword');
    const server = await bundle('node');
    expect(server).toContain('DraftPreview runs on the server only');
    expect(server).not.toContain('is server-only: it reads drafts');
  });

  const scope = globalThis as { window?: unknown; document?: unknown };
  afterEach(() => {
    delete scope.window;
    delete scope.document;
  });

  it('refuses to start where a DOM exists, and without an application password, sending nothing', () => {
    const calls: unknown[] = [];
    const fetch = async (...args: unknown[]) => {
      calls.push(args);
      return new Response('{}');
    };
    const auth = { username: 'editor', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' };
    scope.window = {};
    scope.document = {};
    expect(() => new DraftPreview({ baseUrl: SITE, auth, fetch })).toThrow(ConfigurationError);
    delete scope.window;
    delete scope.document;
    expect(() => new DraftPreview({ baseUrl: SITE, auth: { nonce: 'x' } as never, fetch })).toThrow(
      /applicationPassword/,
    );
    // An option name it does not take is named at `new DraftPreview()`, not at the client it makes.
    expect(() => new DraftPreview({ baseUrl: SITE, auth, fetch, timout: 5 } as never)).toThrow(
      /^new DraftPreview\(\): timout is an unknown option \(known: baseUrl, /,
    );
    const preview = new DraftPreview({ baseUrl: SITE, auth, fetch });
    expect(JSON.stringify(preview)).not.toContain(auth.applicationPassword);
    expect(calls).toEqual([]);
  });
});

/**
 * A DraftPreview (the stock WordPress profile, no response validation) over a stub fetch that
 * answers `record` to a record read, `autosaves` to the autosaves list and user 2 to `/users/me`,
 * recording the URL and the init of every request it is sent.
 */
function stubbedPreview(record: object, autosaves: readonly object[] = []) {
  const urls: string[] = [];
  const inits: (RequestInit & { next?: unknown })[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    inits.push(init ?? {});
    if (url.includes('/users/me')) return Response.json({ id: 2, name: 'editor' });
    return Response.json(url.includes('autosaves') ? autosaves : record);
  }) as typeof globalThis.fetch;
  const preview = new DraftPreview({
    baseUrl: SITE,
    restRoot: `${SITE}/wp-json/`,
    compat: 'wordpress',
    auth: { username: 'editor', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' },
    fetch,
    validation: 'off',
  });
  return { preview, urls, inits };
}

describe('DraftPreview fetch options', () => {
  const record = { id: 7, status: 'draft', modified_gmt: '2024-01-01T00:00:00', type: 'post' };
  const recording = () => stubbedPreview(record);

  it('reads drafts and autosaves with cache: no-store unless told otherwise', async () => {
    const { preview, inits } = recording();
    await preview.post(7);
    expect(inits.map((i) => i.cache)).toEqual(['no-store', 'no-store']);
    await preview.page(7, { fetchOptions: { next: { revalidate: 0 } } });
    expect(inits.slice(2).map((i) => [i.cache, i.next])).toEqual([
      [undefined, { revalidate: 0 }],
      [undefined, { revalidate: 0 }],
    ]);
  });

  it('refuses a call option it does not take at its own call site, sending nothing; null is none', async () => {
    const { preview, inits } = recording();
    await expect(preview.post(7, { timout: 1 } as never)).rejects.toThrow(
      new ValidationError('preview.post()', [
        {
          path: ['timout'],
          message:
            'is an unknown option (known: signal, timeout, retry, headers, fetchOptions, dedupe, autosaveAuthor)',
        },
      ]),
    );
    await expect(preview.page(7, 'no-store' as never)).rejects.toThrow(
      'preview.page(): expected an options object: { signal, timeout, retry, headers, fetchOptions, dedupe, autosaveAuthor }',
    );
    expect(inits).toEqual([]);
    await preview.post(7, null as never);
    expect(inits.map((i) => i.cache)).toEqual(['no-store', 'no-store']);
  });

  it('names a bad id at preview.post() and preview.page(), not at the reads beneath, sending nothing', async () => {
    const { preview, inits } = recording();
    await expect(preview.post('42' as never)).rejects.toThrow(/^preview\.post\(\): id must be a number$/);
    await expect(preview.page(0)).rejects.toThrow(/^preview\.page\(\): id must be at least 1$/);
    await expect(preview.page(1.5)).rejects.toBeInstanceOf(ValidationError);
    expect(inits).toEqual([]);
  });
});

describe('whose autosave a preview applies', () => {
  const record = {
    id: 7,
    status: 'publish',
    modified_gmt: '2024-01-01T00:00:00',
    type: 'post',
    title: { raw: 'saved' },
  };
  // As WordPress lists them: every user's autosave, newest first, each with its author.
  const autosaves = [
    { id: 31, author: 3, parent: 7, modified_gmt: '2024-01-03T00:00:00', title: { raw: 'by user 3' } },
    { id: 21, author: 2, parent: 7, modified_gmt: '2024-01-02T00:00:00', title: { raw: 'by user 2' } },
    { id: 11, author: 1, parent: 7, modified_gmt: '2023-12-31T00:00:00', title: { raw: 'by user 1, older' } },
  ];

  const reader = () => stubbedPreview(record, autosaves);

  it("applies the newest autosave of any user by default, as WordPress's preview does", async () => {
    const { preview, urls } = reader();
    const read = await preview.post(7);
    expect(read.title).toEqual({ raw: 'by user 3' });
    expect(read.preview).toEqual({
      source: 'autosave',
      autosaveId: 31,
      autosaveAuthor: 3,
      modifiedGmt: '2024-01-03T00:00:00',
    });
    expect(urls.some((url) => url.includes('/users/me'))).toBe(false);
  });

  it("applies only the named user's autosave with autosaveAuthor, and the record when theirs is older", async () => {
    const { preview } = reader();
    expect((await preview.post(7, { autosaveAuthor: 2 })).preview).toMatchObject({ autosaveId: 21, autosaveAuthor: 2 });
    const older = await preview.page(7, { autosaveAuthor: 1 });
    expect(older.title).toEqual({ raw: 'saved' });
    expect(older.preview).toMatchObject({ source: 'record', autosaveId: undefined });
    expect((await preview.post(7, { autosaveAuthor: 9 })).preview).toMatchObject({ source: 'record' });
  });

  it("autosaveAuthor: 'me' applies the application password's user's autosave, read from /users/me once", async () => {
    const { preview, urls } = reader();
    expect((await preview.post(7, { autosaveAuthor: 'me' })).preview).toMatchObject({
      autosaveId: 21,
      autosaveAuthor: 2,
    });
    expect((await preview.page(7, { autosaveAuthor: 'me' })).preview).toMatchObject({ autosaveId: 21 });
    expect(urls.filter((url) => url.includes('/users/me'))).toEqual([`${SITE}/wp-json/wp/v2/users/me`]);
  });

  it('names a bad autosaveAuthor at the call site, sending nothing', async () => {
    const { preview, urls } = reader();
    for (const bad of [0, 1.5, 'you', '2'])
      await expect(preview.post(7, { autosaveAuthor: bad as number })).rejects.toThrow(
        "preview.post(): autosaveAuthor must be a user id (a positive integer) or 'me'",
      );
    expect(urls).toEqual([]);
  });
});
