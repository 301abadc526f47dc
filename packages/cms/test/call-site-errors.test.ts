// What a CMS user reads when a call goes wrong: the method they called and the parameter they
// wrote (`posts.create(): title must be a string or an object`), nothing sent; and a 401 that says
// to check the sign-in (WordPress words a wrong application password as a missing permission).
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  CmsClient,
  ConfigurationError,
  PagesClient,
  PostsClient,
  parseWordPressErrorFor,
  ValidationError,
} from '../src/index.js';
import { cmsMethodName } from '../src/internal/method-names.js';
import { DraftPreview } from '../src/preview.js';
import { countingFetch, fixture, useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9913';
const WRONG_PASSWORD = 'wrong appl pass word zzzz';

function client(auth?: ConstructorParameters<typeof CmsClient>[0]['auth']) {
  server.use(...toMswHandlers(SITE, createMockService()));
  const fetch = countingFetch();
  return { cms: new CmsClient({ baseUrl: SITE, restRoot: `${SITE}/wp-json/`, auth, fetch, retry: false }), fetch };
}

async function failure(act: () => PromiseLike<unknown>): Promise<Error> {
  return Promise.resolve()
    .then(act)
    .then(
      () => expect.unreachable('expected a failure'),
      (error: unknown) => error as Error,
    );
}

describe('CMS errors at the call site', () => {
  it('names the method and the parameter, says what a union expected, sends nothing', async () => {
    const { cms, fetch } = client({ username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' });
    const create = await failure(() => cms.posts.create({ title: 42 } as never));
    expect(create).toBeInstanceOf(ValidationError);
    expect(create.message).toBe('posts.create(): title must be a string or an object');
    expect((await failure(() => cms.posts.list({ per_page: 500 } as never))).message).toBe(
      'posts.list(): per_page must be at most 100',
    );
    expect((await failure(() => cms.menuItems.update(1, { menus: 'main' } as never))).message).toBe(
      'menuItems.update(): menus must be a number',
    );
    expect((await failure(() => cms.request('POST /cms/v2/posts', { title: 42 } as never))).message).toBe(
      "request('POST /cms/v2/posts'): title must be a string or an object",
    );
    expect((await failure(() => cms.seo.ai.getSuggestions({} as never))).message).toMatch(
      /^seo\.ai\.getSuggestions\(\): .*prompt_content is required/,
    );
    expect((await failure(() => cms.media.upload(new Uint8Array([1])))).message).toBe(
      'media.upload(): filename is required (WordPress stores the upload under it)',
    );
    expect((await failure(() => cms.media.edit(1, { src: 'x' } as never))).message).toBe(
      'media.edit(): modifiers are required: at least 1 modifier (flip, rotate or crop)',
    );
    expect(fetch.calls.length).toBe(0);
  });

  it('says what a term query takes, at the item the caller wrote (it said "categories must be an object whose 0 must be a number or an object")', async () => {
    const { cms, fetch } = client();
    const messageOf = async (act: () => PromiseLike<unknown>) => (await failure(act)).message;
    expect(await messageOf(() => cms.posts.list({ categories: ['news'] } as never))).toBe(
      'posts.list(): categories[0] must be a term id (an integer)',
    );
    // One value is read as a one-item list, and named at its place as WordPress names it (decisions/cms.md).
    expect(await messageOf(() => cms.posts.list({ categories: 'news' } as never))).toBe(
      'posts.list(): categories[0] must be a term id (an integer)',
    );
    expect(await messageOf(() => cms.posts.list({ tags: [3, 1.5] }))).toBe(
      'posts.list(): tags[1] must be a term id (an integer)',
    );
    expect(await messageOf(() => cms.posts.list({ categories: { terms: ['news'] } } as never))).toBe(
      'posts.list(): categories.terms[0] must be a term id (an integer)',
    );
    expect(await messageOf(() => cms.posts.list({ tags: { terms: [1], operator: 'XOR' } } as never))).toBe(
      'posts.list(): tags.operator must be one of "AND", "OR"',
    );
    expect(await messageOf(() => cms.posts.list({ categories: null } as never))).toBe(
      'posts.list(): categories must be a term id, a list of term ids, or { terms, operator, include_children }',
    );
    expect(await messageOf(() => cms.posts.list({ categories_exclude: ['news'] } as never))).toBe(
      'posts.list(): categories_exclude[0] must be a term id (an integer)',
    );
    expect(await messageOf(() => cms.posts.list({ tags_exclude: null } as never))).toBe(
      'posts.list(): tags_exclude must be a term id, a list of term ids, or { terms, include_children }',
    );
    expect(await messageOf(() => cms.menuItems.list({ menus: ['main'] } as never))).toBe(
      'menuItems.list(): menus[0] must be a term id (an integer)',
    );
    // Other id lists are plain lists: unchanged.
    expect(await messageOf(() => cms.posts.list({ include: [1, 'x'] } as never))).toBe(
      'posts.list(): include[1] must be a number',
    );
    expect(fetch.calls.length).toBe(0);
  });

  it('names the method of every definition-built resource: twins, revisions, autosaves, one-resource clients', async () => {
    const { cms, fetch } = client({ username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' });
    const posts = new PostsClient({ baseUrl: SITE, restRoot: `${SITE}/wp-json/`, fetch, retry: false });
    const messages = await Promise.all(
      [
        () => cms.pages.create({ title: 42 } as never),
        () => cms.pages.revisions.delete(1, 2, {} as never),
        () => cms.blocks.autosaves.create(0, { title: 'x' }),
        () => cms.templates.get('bad:id'),
        () => cms.posts.list({ per_page: 500 } as never).all(),
        () => posts.update(1, { title: 42 } as never),
      ].map(async (act) => (await failure(act)).message),
    );
    expect(messages.map((message) => message.slice(0, message.indexOf('(): ') + 2))).toEqual([
      'pages.create()',
      'pages.revisions.delete()',
      'blocks.autosaves.create()',
      'templates.get()',
      'posts.list()',
      'posts.update()',
    ]);
    expect(fetch.calls.length).toBe(0);
  });

  it('derives every content route method from its key', () => {
    expect(cmsMethodName('GET /cms/v2/templates/{template_id}/revisions/{id}')).toBe('templates.revisions.get()');
    expect(cmsMethodName('POST /cms/v2/posts/{id}/autosaves')).toBe('posts.autosaves.create()');
    expect(cmsMethodName('POST /cms/v2/media/{id}/post-process')).toBe('media.postProcess()');
    expect(cmsMethodName('DELETE /cms/v2/menu-items/{id}')).toBe('menuItems.delete()');
    expect(cmsMethodName('POST /cms/v2/media')).toBe('media.upload()');
    expect(cmsMethodName('GET /cms/v2')).toBe("request('GET /cms/v2')");
  });

  it('a wrong application password: a 401 that points at the sign-in, without the password', async () => {
    const { cms } = client({ username: 'admin', applicationPassword: WRONG_PASSWORD });
    const error = await failure(() => cms.posts.create({ title: 'Hello' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toMatch(
      /^posts\.create\(\): 401 Sorry, you are not allowed to create posts as this user\. Not signed in: /,
    );
    expect(error.message).toContain('`auth.applicationPassword`');
    for (const text of [error.message, JSON.stringify(error), String(error)]) {
      expect(text).not.toContain(WRONG_PASSWORD);
      expect(text).not.toContain(WRONG_PASSWORD.replace(/\s+/g, ''));
    }
  });

  it('no credentials at all: the 401 says to pass them', async () => {
    const { cms } = client();
    const error = await failure(() => cms.posts.create({ title: 'Hello' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('pass `auth: { username, applicationPassword }`');
  });

  it('the hint on real WordPress 6.5.5 401 bodies, and none on a 403', () => {
    const parse = parseWordPressErrorFor('application-password');
    for (const name of ['error-401-unauth-create', 'error-401-bad-app-password', 'error-401-edit-context']) {
      const parsed = parse(fixture(name).body);
      expect(parsed.message, name).toMatch(/\. Not signed in: WordPress did not accept `auth\.username`/);
    }
    const forbidden = parse(fixture('error-403-subscriber-create').body);
    expect(forbidden.message).not.toContain('Not signed in');
  });
});

describe('every error of a request is led by the method called (a log line shows only the message)', () => {
  it('a 404 of posts.get(), a page of posts.list(), a timeout and a connection failure, in message and toJSON()', async () => {
    const password = 'fake admin appl pass word xxxx';
    const { cms } = client({ username: 'admin', applicationPassword: password });
    const missing = await failure(() => cms.posts.get(987654));
    // It said `404 Invalid post ID. (GET <url>)`: not which call of the app.
    expect(missing.message).toBe(`posts.get(): 404 Invalid post ID. (GET ${SITE}/wp-json/cms/v2/posts/987654)`);
    expect(JSON.parse(JSON.stringify(missing))).toMatchObject({ callSite: 'posts.get()', status: 404 });
    const page = await failure(() => cms.posts.list({ per_page: 100, page: 999 }).all());
    expect(page.message).toMatch(/^posts\.list\(\): 400 /);
    const slow = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      auth: { username: 'admin', applicationPassword: password },
      retry: false,
      timeout: 20,
      fetch: (_input, init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const timeout = await failure(() => slow.pages.list());
    expect(timeout.message).toBe(`pages.list(): GET ${SITE}/wp-json/cms/v2/pages: timed out after 20 ms (timeout)`);
    const down = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      retry: false,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const refused = await failure(() => down.posts.get(1));
    expect(refused.message).toBe(`posts.get(): Connection failed for GET ${SITE}/wp-json/cms/v2/posts/1: fetch failed`);
    for (const error of [missing, page, timeout, refused])
      for (const text of [error.message, JSON.stringify(error)]) {
        expect(text).not.toContain(password);
        expect(text).not.toContain(password.replace(/\s+/g, ''));
      }
  });
});

describe('option values refused at the constructor the caller wrote', () => {
  const auth = { username: 'editor', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' };
  it('names new CmsClient(), new PostsClient(), new PagesClient() and new DraftPreview(), never the password', () => {
    const cases: Array<[() => unknown, string]> = [
      [
        () => new CmsClient({ baseUrl: SITE, auth: { username: 'editor', applicationPassword: '' } }),
        'new CmsClient(): `auth.applicationPassword` must be a non-empty string',
      ],
      [() => new CmsClient({ baseUrl: SITE, timeout: -1 }), 'new CmsClient(): `timeout` must be a positive number'],
      [() => new PostsClient({ baseUrl: 'example.com' }), 'new PostsClient(): `baseUrl` is not a valid absolute URL'],
      [
        () => new PagesClient({ baseUrl: 'http://example.com', auth }),
        'new PagesClient(): `baseUrl` must use https when `auth` is set',
      ],
      [
        () => new DraftPreview({ baseUrl: 'http://example.com', auth }),
        'new DraftPreview(): `baseUrl` must use https when `auth` is set',
      ],
      [
        () => new DraftPreview({ baseUrl: SITE, auth, validation: 'loose' as never }),
        "new DraftPreview(): `validation` must be 'strict', 'warn' or 'off'",
      ],
    ];
    for (const [make, message] of cases) {
      const error = (() => {
        try {
          make();
        } catch (caught) {
          return caught;
        }
        return expect.unreachable(`expected ${message}`);
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message.startsWith(message)).toBe(true);
      expect(String(error)).not.toContain(auth.applicationPassword);
    }
  });
});
