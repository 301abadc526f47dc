import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../src/core/errors.js';
import { contentDisposition, guessContentType, toUploadBody } from '../src/core/uploads.js';

async function bytesOf(body: BodyInit): Promise<string> {
  return new Response(body).text();
}

describe('upload bodies', () => {
  it('takes name and type from a File', async () => {
    const file = new File(['abc'], 'photo.png', { type: 'image/png' });
    const upload = toUploadBody(file);
    expect(upload.headers).toEqual({
      'content-disposition': 'attachment; filename="photo.png"',
      'content-type': 'image/png',
    });
    expect(upload.replayable).toBe(true);
    expect(await bytesOf(upload.body)).toBe('abc');
  });

  it('takes bytes with a file name and guesses the type from the extension', async () => {
    const upload = toUploadBody(new TextEncoder().encode('%PDF'), { filename: 'doc.pdf' });
    expect(upload.headers['content-type']).toBe('application/pdf');
    expect(await bytesOf(upload.body)).toBe('%PDF');
    expect(
      toUploadBody(new ArrayBuffer(2), { filename: 'a.bin', contentType: 'application/octet-stream' }).headers[
        'content-type'
      ],
    ).toBe('application/octet-stream');
  });

  it('wraps a Node Readable into a one-shot Web stream', async () => {
    const upload = toUploadBody(Readable.from([Buffer.from('he'), 'llo']), { filename: 'x.txt' });
    expect(upload.replayable).toBe(false);
    expect(upload.body).toBeInstanceOf(ReadableStream);
    expect(await bytesOf(upload.body)).toBe('hello');
  });

  it('passes a Web ReadableStream through as not replayable', () => {
    const stream = new Blob(['x']).stream();
    const upload = toUploadBody(stream, { filename: 'x.jpg' });
    expect(upload.body).toBe(stream);
    expect(upload.replayable).toBe(false);
  });

  it('rejects a missing file name, an unknown type and unsupported sources, naming the field', () => {
    const missing = (() => {
      try {
        toUploadBody(new Uint8Array(1));
      } catch (e) {
        return e;
      }
    })() as ValidationError;
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing.issues[0]?.path).toEqual(['filename']);
    expect(() => toUploadBody(new Uint8Array(1), { filename: 'x.unknownext' })).toThrow(/contentType/);
    expect(() => toUploadBody(new Uint8Array(1), { filename: 'a\r\nb.png' })).toThrow(/filename/);
    expect(() => toUploadBody({} as never, { filename: 'a.png' })).toThrow(/file/);
  });

  it('sends a name as WordPress reads it: UTF-8 bytes in filename, no quote, backslash or semicolon', () => {
    expect(contentDisposition('a"b.png')).toBe(`attachment; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
    expect(contentDisposition('a;b\\c.png')).toBe(`attachment; filename="a_b_c.png"; filename*=UTF-8''a%3Bb%5Cc.png`);
    expect(contentDisposition('plain name.png')).toBe('attachment; filename="plain name.png"');
    // WordPress 6.5.5 reads only `filename`, its bytes as UTF-8: an ASCII stand-in stored `caf_.jpg`.
    const utf8 = (header: string) => new TextDecoder().decode(Uint8Array.from(header, (c) => c.charCodeAt(0)));
    const cafe = contentDisposition('café 東京.jpg');
    expect([...cafe].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true); // one byte per character: a valid header value
    expect(utf8(cafe)).toBe(
      `attachment; filename="café 東京.jpg"; filename*=UTF-8''caf%C3%A9%20%E6%9D%B1%E4%BA%AC.jpg`,
    );
    expect(() => new Headers({ 'content-disposition': cafe })).not.toThrow();
    expect(guessContentType('X.JPEG')).toBe('image/jpeg');
  });

  it('sends an ASCII stand-in where header bytes would not go as given (a browser, React Native)', () => {
    // Chromium encodes each character of a header value as UTF-8: the bytes above arrived encoded
    // twice, and WordPress stored `æ±äº¬.png`; React Native's HTTP stacks refuse them.
    const standIn = `attachment; filename="caf_ __.jpg"; filename*=UTF-8''caf%C3%A9%20%E6%9D%B1%E4%BA%AC.jpg`;
    for (const userAgent of ['Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0', undefined]) {
      vi.stubGlobal('navigator', { userAgent });
      try {
        expect(contentDisposition('café 東京.jpg')).toBe(standIn);
        expect(contentDisposition('a"b.png')).toBe(`attachment; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
      } finally {
        vi.unstubAllGlobals();
      }
    }
    for (const userAgent of ['Deno/2.9.6', 'Bun/1.4.5']) {
      vi.stubGlobal('navigator', { userAgent });
      try {
        expect(contentDisposition('é.jpg')).toBe(
          `attachment; filename="\u00c3\u00a9.jpg"; filename*=UTF-8''%C3%A9.jpg`,
        );
      } finally {
        vi.unstubAllGlobals();
      }
    }
  });
});
