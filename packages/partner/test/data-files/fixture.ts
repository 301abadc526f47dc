/** Data files for the download tests: n-record NDJSON files (gzip or plain) and a server that answers with `Connection: close`. */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { DataFileDescriptor } from '@viewlink/schemas';
import type { DataFileReader } from '../../src/index.js';
import { historyLine } from '../files-helpers.js';

/** A generated file: its bytes as served and the descriptor a file event would carry. */
export interface TestFile {
  readonly bytes: Buffer;
  readonly descriptor: DataFileDescriptor;
}

/** A file of `records` history entries (keys h0..h{n-1}), gzip or plain. */
export function makeFile(id: string, records: number, compression: 'gzip' | 'none'): TestFile {
  const lines: string[] = [];
  for (let i = 0; i < records; i++) lines.push(historyLine(i));
  const plain = Buffer.from(`${lines.join('\n')}\n`);
  const bytes = compression === 'gzip' ? gzipSync(plain) : plain;
  return {
    bytes,
    descriptor: {
      id,
      format: 'ndjson',
      compression,
      record_count: records,
      byte_size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  };
}

/** Checks that `keys` are h0..h{n-1}, each once and in order; returns the first problem or undefined. */
export function exactlyOnceInOrder(keys: readonly string[], n: number): string | undefined {
  if (keys.length !== n) return `${keys.length} records, expected ${n}`;
  for (let i = 0; i < n; i++) if (keys[i] !== `h${i}`) return `record ${i} is ${keys[i]}`;
  return undefined;
}

/** A server answering `GET /v1/files/{id}` with the whole file, `Connection: close` and a Content-Length. */
export async function closingServer(files: readonly TestFile[]): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const id = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() ?? '');
    const file = files.find((f) => f.descriptor.id === id);
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ error: { code: 'file_not_found', message: 'No such data file' } }));
      return;
    }
    res.writeHead(200, {
      'content-type': file.descriptor.compression === 'gzip' ? 'application/gzip' : 'application/x-ndjson',
      'content-length': file.bytes.length,
      connection: 'close',
    });
    res.end(file.bytes);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Counts uncaught exceptions and unhandled rejections while `work` runs (vitest would fail the run on them too). */
export async function withUncaughtCount<T>(work: () => Promise<T>): Promise<{ value: T; uncaught: string[] }> {
  const uncaught: string[] = [];
  const onError = (error: unknown) => uncaught.push(error instanceof Error ? error.message : String(error));
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    const value = await work();
    // Let late socket events (the FIN of a closed connection) run before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { value, uncaught };
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
}

/** How one read of a data file ended: the keys delivered, its error, the reader, uncaught errors, its time. */
export interface ReadOutcome {
  readonly keys: string[];
  readonly error: unknown;
  readonly reader: DataFileReader;
  readonly uncaught: string[];
  readonly ms: number;
}
