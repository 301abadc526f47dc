import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, PagesClient, PostsClient, ValidationError } from '../src/index.js';
import { countingFetch, fixture, ROOT, rejection, reply, SECRET, SITE, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;
const options = { baseUrl: SITE, restRoot: `${ROOT}/`, namespaces: { cms: 'wp/v2' }, retry: false } as const;

describe('PostsClient and PagesClient (one resource, a small browser bundle)', () => {
  it('lists and gets posts as CmsClient#posts does', async () => {
    const list = fixture('posts-list-anon').body as Array<{ id: number }>;
    const first = list[0];
    if (!first) throw new Error('the posts-list fixture has no post');
    server.use(
      http.get(`${WP}/posts`, () => reply('posts-list-anon')),
      http.get(`${WP}/posts/:id`, ({ params }) => HttpResponse.json({ ...first, id: Number(params.id) })),
    );
    const posts = new PostsClient(options);
    const page = await posts.list();
    expect(page.items.map((p) => p.id)).toEqual(list.map((p) => p.id));
    expect((await posts.get(first.id)).id).toBe(first.id);
  });

  it('lists pages through the pages routes', async () => {
    let path = '';
    server.use(
      http.get(`${WP}/pages`, ({ request }) => {
        path = new URL(request.url).pathname + new URL(request.url).search;
        return HttpResponse.json([{ id: 7, title: { rendered: 'About' } }]);
      }),
    );
    const page = await new PagesClient(options).list({ per_page: 5 });
    expect(page.items[0]?.id).toBe(7);
    expect(path).toBe('/wp-json/wp/v2/pages?per_page=5');
  });

  it('refuses bad input before sending, naming the field', async () => {
    const fetch = countingFetch();
    const posts = new PostsClient({ ...options, fetch });
    const error = await rejection<ValidationError>(posts.list({ per_page: 500 as 100 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('per_page');
    expect(fetch.calls).toHaveLength(0);
  });

  it('checks options like CmsClient and keeps the credential out of serialized output', () => {
    expect(() => new PostsClient({ baseUrl: 'not a url' })).toThrow(ConfigurationError);
    // An option name it does not know is named with its client, not taken silently.
    expect(() => new PostsClient({ ...options, timout: 5000 } as never)).toThrow(
      /^new PostsClient\(\): timout is an unknown option \(known: baseUrl, restRoot, namespaces, /,
    );
    expect(() => new PagesClient({ ...options, maxRetries: 2 } as never)).toThrow('new PagesClient(): maxRetries');
    expect(() => new PagesClient(undefined as never)).toThrow('PagesClient needs an options object');
    const posts = new PostsClient({ ...options, auth: { username: 'admin', applicationPassword: SECRET } });
    expect(JSON.stringify(posts)).not.toContain(SECRET);
    expect(JSON.stringify(posts)).not.toContain(SECRET.replaceAll(' ', ''));
  });
});
