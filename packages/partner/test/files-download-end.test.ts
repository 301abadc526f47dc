/**
 * A download whose last bytes arrived is complete, however its connection ends: the read-ahead
 * filling up with the last chunk (the SDK closes the connection) or a reset after the last byte
 * must not ask the server to continue at the file's end (`Range: bytes=<size>-` is answered 416,
 * which failed a whole read: seen in the Connection: close fault test under load).
 */
import { describe, expect, it } from 'vitest';
import { type DownloadTarget, ResumableDownload } from '../src/files/internal/download.js';

const SIZE = 64 * 1024;
const file = new Uint8Array(SIZE).map((_, i) => i % 251);

/** A target serving `file` once (announced as `declared` bytes); the body ends as `end` says; every request's headers recorded. */
function target(
  end: 'close' | 'reset',
  declared = SIZE,
): { target: DownloadTarget; requests: Array<Record<string, string>> } {
  const requests: Array<Record<string, string>> = [];
  return {
    requests,
    target: {
      shown: 'http://127.0.0.1/v1/files/file_1',
      send: async ({ headers }) => {
        requests.push(headers);
        if (requests.length > 1) throw new Error(`asked to continue: ${headers.range}`);
        let pulls = 0;
        // Pulled one step at a time: an error in the same step would drop the queued bytes.
        const body = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              pulls += 1;
              if (pulls === 1) controller.enqueue(file.slice());
              else if (end === 'close') controller.close();
              else controller.error(new TypeError('other side closed'));
            },
          },
          { highWaterMark: 0 },
        );
        return new Response(body, {
          headers: { 'content-length': String(declared), etag: '"v1"', 'accept-ranges': 'bytes' },
        });
      },
    },
  };
}

async function readAll(download: ResumableDownload): Promise<number> {
  let bytes = 0;
  for (let chunk = await download.next(); chunk !== undefined; chunk = await download.next()) bytes += chunk.byteLength;
  return bytes;
}

const options = { idleTimeoutMs: 5_000, resumes: 3, expectedBytes: undefined };

describe('a download ends at the last byte', () => {
  it('the read-ahead filled by the last chunk (the SDK closes the connection): done, no request to continue', async () => {
    const { target: t, requests } = target('close');
    const download = new ResumableDownload(t, { ...options, readAheadBytes: SIZE });
    expect(await readAll(download)).toBe(SIZE);
    expect(download.complete).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('a reset after the last byte of a file of known size: done, no request to continue', async () => {
    const { target: t, requests } = target('reset');
    const download = new ResumableDownload(t, { ...options, readAheadBytes: 4 * SIZE });
    expect(await readAll(download)).toBe(SIZE);
    expect(requests).toHaveLength(1);
  });

  it('a reset before the last byte is still continued from the byte reached', async () => {
    const { target: t, requests } = target('reset', SIZE + 10);
    const download = new ResumableDownload(t, { ...options, readAheadBytes: 4 * SIZE });
    await expect(readAll(download)).rejects.toThrow(/asked to continue: bytes=65536-/);
    expect(requests).toHaveLength(2);
  });
});
