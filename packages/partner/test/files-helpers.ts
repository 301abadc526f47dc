/** Builders of data-file lines for the files tests. */
export const title = (n: number) => ({
  id: `t${n}`,
  service: 'svc-a',
  name: `Title ${n}`,
  watch_now_url: `https://example.com/watch/${n}`,
});

export const historyLine = (n: number) =>
  JSON.stringify({
    kind: 'history_entry',
    op: 'upsert',
    key: `h${n}`,
    data: { title: title(n), completion_percentage: n % 101, watched_at: '2026-01-01T00:00:00Z' },
  });

export const ndjson = (lines: readonly string[]) => `${lines.join('\n')}\n`;

/** gzip bytes of a string (CompressionStream, as a server would produce them). */
export async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Collects an async iterable. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
