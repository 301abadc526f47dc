import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type CmsClient, ConnectionError, InternalServerError, TimeoutError } from '../src/index.js';
import { adminClient, countingFetch, fixture, ROOT, rejection, reply, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;
const fast = { limit: 2, baseDelayMs: 1, maxDelayMs: 5 };

function client(options: Partial<ConstructorParameters<typeof CmsClient>[0]> = {}) {
  return adminClient(countingFetch(), { retry: fast, ...options });
}

const serverError = () =>
  HttpResponse.json({ code: 'internal_server_error', message: 'boom', data: { status: 500 } }, { status: 500 });

describe('faults', () => {
  it('retries a GET after a 500 and succeeds', async () => {
    const body = fixture('post-edit-context').body as { id: number };
    let calls = 0;
    server.use(http.get(`${WP}/posts/${body.id}`, () => (++calls === 1 ? serverError() : reply('post-edit-context'))));
    const { cms, fetch } = client();
    const post = await cms.posts.get(body.id);
    expect(post.id).toBe(body.id);
    expect(fetch.calls).toHaveLength(2);
  });

  it('gives up after the retry limit with the mapped 5xx error and its code', async () => {
    server.use(http.get(`${WP}/posts/1`, serverError));
    const { cms, fetch } = client();
    const error = await rejection<InternalServerError>(cms.posts.get(1));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.code).toBe('internal_server_error');
    expect(fetch.calls).toHaveLength(3);
  });

  it('never retries a POST (create, autosave, media edit) on a 500', async () => {
    server.use(
      http.post(`${WP}/posts`, serverError),
      http.post(`${WP}/posts/1/autosaves`, serverError),
      http.post(`${WP}/media/2/edit`, serverError),
    );
    const { cms, fetch } = client();
    await expect(cms.posts.create({ title: 'x' })).rejects.toBeInstanceOf(InternalServerError);
    await expect(cms.posts.autosaves.create(1, { title: 'x' })).rejects.toBeInstanceOf(InternalServerError);
    await expect(
      cms.media.edit(2, { src: 'http://127.0.0.1:8888/a.png', modifiers: [{ type: 'rotate', args: { angle: 90 } }] }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(fetch.calls.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('times out a hung server per attempt', async () => {
    server.use(
      http.get(`${WP}/posts`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const { cms, fetch } = client({ timeout: 50, retry: false });
    const started = Date.now();
    const error = await rejection<TimeoutError>(cms.posts.list());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fetch.calls).toHaveLength(1);
  });

  it('retries a GET after a network error, then reports a ConnectionError', async () => {
    server.use(http.get(`${WP}/pages`, () => HttpResponse.error()));
    const { cms, fetch } = client();
    await expect(cms.pages.list()).rejects.toBeInstanceOf(ConnectionError);
    expect(fetch.calls).toHaveLength(3);
  });

  it('an AbortSignal stops a request at once', async () => {
    server.use(
      http.get(`${WP}/blocks`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const { cms } = client();
    const controller = new AbortController();
    const pending = cms.blocks.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
