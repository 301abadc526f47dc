/** StreamedBody: a download body read ahead into a bounded queue, ending typed (idle timeout, network fault) or early (read-ahead full). */
import { describe, expect, it } from 'vitest';
import { ConnectionError, StreamedBody, type StreamedBodyOptions, TimeoutError } from '../src/index.js';

const info = { method: 'GET', url: 'http://127.0.0.1/v1/files/f' };
const options = (more: Partial<StreamedBodyOptions> = {}): StreamedBodyOptions => ({
  idleTimeoutMs: 1_000,
  readAheadBytes: 1024,
  whenFull: 'wait',
  info,
  ...more,
});
const chunk = (n: number, size = 100) => new Uint8Array(size).fill(n);

/** A source that enqueues `count` chunks on demand, then ends, errors or stalls; counts pulls and cancels. */
function source(count: number, end: 'close' | 'error' | 'stall') {
  const state = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulls += 1;
        if (state.pulls <= count) controller.enqueue(chunk(state.pulls));
        else if (end === 'close') controller.close();
        else if (end === 'error')
          controller.error(new TypeError('terminated', { cause: new Error('other side closed') }));
        else return new Promise(() => undefined);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

async function drain(body: StreamedBody): Promise<{ values: number[]; end: unknown }> {
  const values: number[] = [];
  try {
    for (;;) {
      const step = await body.next();
      if (step.done) return { values, end: step };
      values.push(step.value[0] ?? -1);
    }
  } catch (error) {
    return { values, end: error };
  }
}

describe('StreamedBody', () => {
  it('hands out every chunk in order, then the end', async () => {
    const { stream } = source(5, 'close');
    const body = new StreamedBody(stream, options());
    expect(await drain(body)).toEqual({ values: [1, 2, 3, 4, 5], end: { done: true, closed: false } });
    expect(body.received).toBe(500);
  });

  it('a network fault is a ConnectionError naming the cause, after the bytes that came before it', async () => {
    const { values, end } = await drain(new StreamedBody(source(3, 'error').stream, options()));
    expect(values).toEqual([1, 2, 3]);
    expect(end).toBeInstanceOf(ConnectionError);
    expect(String(end)).toMatch(/terminated \(other side closed\)/);
  });

  it('a stall ends in a TimeoutError after the idle timeout, and the source is cancelled', async () => {
    const { stream, state } = source(2, 'stall');
    const started = performance.now();
    const { values, end } = await drain(new StreamedBody(stream, options({ idleTimeoutMs: 150 })));
    expect(values).toEqual([1, 2]);
    expect(end).toBeInstanceOf(TimeoutError);
    // Named by the option the caller sets, and its value.
    expect(String(end)).toMatch(/: no bytes for 150 ms in the body \(idleTimeout\)$/);
    expect(end).toMatchObject({ limit: 'idleTimeout', limitMs: 150 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(state.cancelled).toBe(true);
  });

  it("reads ahead of a consumer that does not read, up to the bound ('wait': then backpressure)", async () => {
    const { stream, state } = source(1_000, 'close');
    const body = new StreamedBody(stream, options({ readAheadBytes: 1_000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Read without being asked, but not past ~1,000 bytes (10 chunks of 100).
    expect(state.pulls).toBeGreaterThanOrEqual(10);
    expect(state.pulls).toBeLessThanOrEqual(12);
    expect((await drain(body)).values).toHaveLength(1_000);
  });

  it("'close': past the bound the source is cancelled and the end says closed, after every byte read", async () => {
    const { stream, state } = source(1_000, 'close');
    const body = new StreamedBody(stream, options({ readAheadBytes: 1_000, whenFull: 'close' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.cancelled).toBe(true);
    const { values, end } = await drain(body);
    expect(values).toEqual(Array.from({ length: values.length }, (_, i) => i + 1));
    expect(values.length).toBeGreaterThanOrEqual(10);
    expect(end).toEqual({ done: true, closed: true });
  });

  it('cancel() stops reading and cancels the source', async () => {
    const { stream, state } = source(1_000, 'stall');
    const body = new StreamedBody(stream, options());
    await body.next();
    await body.cancel();
    expect(state.cancelled).toBe(true);
    // A read after (or during) the cancel ends instead of waiting for ever.
    expect(await body.next()).toEqual({ done: true, closed: false });
  });
});
