import { Readable } from 'node:stream';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, CmsClient, MISSING_PARAMETER, ValidationError } from '../src/index.js';
import { countingFetch, ROOT, rejection, reply, SITE, useMswServer } from './helpers.js';

const server = useMswServer();
const WP = `${ROOT}/wp/v2`;

function client(options: { logger?: { warn: (m: string) => void }; fetch?: typeof globalThis.fetch } = {}) {
  return new CmsClient({
    baseUrl: SITE,
    restRoot: `${ROOT}/`,
    namespaces: { cms: 'wp/v2' },
    auth: { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' },
    retry: 3,
    ...options,
  });
}

interface Seen {
  disposition: string | null;
  type: string | null;
  body: string;
}

function captureUpload(seen: Seen[], status = 201) {
  server.use(
    http.post(`${WP}/media`, async ({ request }) => {
      seen.push({
        disposition: request.headers.get('content-disposition'),
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return status === 201 ? reply('media-upload') : HttpResponse.json({ code: 'x', data: { status } }, { status });
    }),
  );
}

describe('media uploads', () => {
  it('uploads a File raw with Content-Disposition and its type', async () => {
    const seen: Seen[] = [];
    captureUpload(seen);
    const media = await client().media.upload(new File(['PNGDATA'], 'test.png', { type: 'image/png' }));
    expect(media.id).toBeTypeOf('number');
    expect(seen).toEqual([{ disposition: 'attachment; filename="test.png"', type: 'image/png', body: 'PNGDATA' }]);
  });

  it('uploads bytes, a Web stream and a Node Readable with a name and type', async () => {
    const seen: Seen[] = [];
    captureUpload(seen);
    const cms = client();
    await cms.media.upload(new TextEncoder().encode('bytes'), { filename: 'a.jpg' });
    await cms.media.upload(new Blob(['web']).stream(), { filename: 'b.txt', contentType: 'text/plain' });
    await cms.media.upload(Readable.from([Buffer.from('no'), Buffer.from('de')]), { filename: 'c.pdf' });
    expect(seen.map((s) => [s.disposition, s.type, s.body])).toEqual([
      ['attachment; filename="a.jpg"', 'image/jpeg', 'bytes'],
      ['attachment; filename="b.txt"', 'text/plain', 'web'],
      ['attachment; filename="c.pdf"', 'application/pdf', 'node'],
    ]);
  });

  it('never retries an upload, even on 503 with retries configured', async () => {
    const seen: Seen[] = [];
    captureUpload(seen, 503);
    await expect(
      client().media.upload(Readable.from([Buffer.from('x')]), { filename: 'x.png' }),
    ).rejects.toBeInstanceOf(Error);
    expect(seen).toHaveLength(1);
  });

  it('refuses an upload without a file name before sending', async () => {
    const fetch = countingFetch();
    const error = await rejection(client({ fetch }).media.upload(new Uint8Array(3)));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0]?.path).toEqual(['filename']);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('media edit and post-process', () => {
  it('sends modifiers and returns the new attachment', async () => {
    let body: unknown;
    server.use(
      http.post(`${WP}/media/21/edit`, async ({ request }) => {
        body = await request.json();
        return reply('media-edit-crop');
      }),
    );
    const edited = await client().media.edit(21, {
      src: 'http://127.0.0.1:8888/wp-content/uploads/2026/11/test.png',
      modifiers: [{ type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } }],
    });
    expect(edited.id).toBeTypeOf('number');
    expect(body).toEqual({
      src: 'http://127.0.0.1:8888/wp-content/uploads/2026/11/test.png',
      modifiers: [{ type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } }],
    });
  });

  it('rejects empty modifiers before sending, naming the field', async () => {
    const fetch = countingFetch();
    const error = await rejection(client({ fetch }).media.edit(21, { src: 'http://x/y.png', modifiers: [] }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0]?.path).toEqual(['modifiers']);
    // No modifiers and no deprecated field: an edit that changes nothing (WordPress: rest_image_not_edited).
    const nothing = await rejection(client({ fetch }).media.edit(21, { src: 'http://x/y.png' }));
    expect(nothing.issues[0]?.path).toEqual(['modifiers']);
    expect(nothing.message).toMatch(/at least 1 modifier/);
    const none = await rejection(client({ fetch }).media.edit(21, null as never));
    expect(none).toBeInstanceOf(ValidationError);
    expect(none.issues[0]?.path).toEqual(['modifiers']);
    expect(fetch.calls).toHaveLength(0);
  });

  it('accepts the deprecated rotation with one warning through the logger', async () => {
    server.use(http.post(`${WP}/media/21/edit`, () => reply('media-edit-crop')));
    const warn = vi.fn();
    const cms = client({ logger: { warn } });
    await cms.media.edit(21, { src: 'http://x/y.png', rotation: 90 } as never);
    await cms.media.edit(21, { src: 'http://x/y.png', rotation: 90 } as never);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/deprecated.*rotation.*modifiers/);
  });

  it('maps the real missing-src error', async () => {
    server.use(http.post(`${WP}/media/21/edit`, () => reply('media-edit-missing-src')));
    const error = await rejection<BadRequestError>(
      client().media.edit(21, {
        src: 'http://x/y.png',
        modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('rest_missing_callback_param');
    expect(error.params).toEqual({ src: MISSING_PARAMETER });
  });

  it('post-processes with create-image-subsizes', async () => {
    let body: unknown;
    server.use(
      http.post(`${WP}/media/21/post-process`, async ({ request }) => {
        body = await request.json();
        return reply('media-post-process');
      }),
    );
    const result = await client().media.postProcess(21, { action: 'create-image-subsizes' });
    expect(result.id).toBe(21);
    expect(body).toEqual({ action: 'create-image-subsizes' });
    const bad = await rejection(client().media.postProcess(21, { action: 'other' } as never));
    expect(bad.issues[0]?.path).toEqual(['action']);
  });
});
