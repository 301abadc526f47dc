import diagnostics from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { createTransport } from '../src/index.js';
import {
  type AttemptTrace,
  attemptChannel,
  batchChunkChannel,
  type RequestTrace,
  type RetryTrace,
  requestChannel,
  retryChannel,
  TraceChannel,
  tokenRenewalChannel,
  tracingSupported,
  VIEWLINK_CHANNELS,
  webhookVerificationChannel,
} from '../src/observe/channels.js';

type Event = [kind: string, context: object];

function record(name: string) {
  const events: Event[] = [];
  const handlers = {
    start: (m: object) => events.push(['start', m]),
    end: (m: object) => events.push(['end', m]),
    asyncStart: (m: object) => events.push(['asyncStart', m]),
    asyncEnd: (m: object) => events.push(['asyncEnd', m]),
    error: (m: object) => events.push(['error', m]),
  };
  const channel = diagnostics.tracingChannel(name);
  channel.subscribe(handlers);
  return { events, stop: () => channel.unsubscribe(handlers) };
}

describe('tracing channels', () => {
  it('are found on Node through process.getBuiltinModule', () => {
    expect(tracingSupported).toBe(true);
    expect(requestChannel.name).toBe(VIEWLINK_CHANNELS.request);
  });

  it('publish under the names VIEWLINK_CHANNELS lists (each channel spells its name as a literal)', () => {
    const channels = {
      request: requestChannel,
      attempt: attemptChannel,
      retry: retryChannel,
      tokenRenewal: tokenRenewalChannel,
      webhookVerification: webhookVerificationChannel,
      batchChunk: batchChunkChannel,
    };
    expect(Object.fromEntries(Object.entries(channels).map(([key, channel]) => [key, channel.name]))).toEqual(
      VIEWLINK_CHANNELS,
    );
  });

  it('without a subscriber return the call untouched (same promise, no context read)', async () => {
    const channel = new TraceChannel<object>('viewlink:test-idle', diagnostics.tracingChannel('viewlink:test-idle'));
    expect(channel.active).toBe(false);
    const promise = Promise.resolve(42);
    const context = new Proxy(
      {},
      {
        get() {
          throw new Error('context read');
        },
        set() {
          throw new Error('context written');
        },
      },
    );
    expect(channel.trace(context, () => promise)).toBe(promise);
    await expect(promise).resolves.toBe(42);
  });

  it('publish start, end, asyncStart and asyncEnd with the result when subscribed', async () => {
    const name = 'viewlink:test-ok';
    const channel = new TraceChannel<{ n: number }>(name, diagnostics.tracingChannel(name));
    const { events, stop } = record(name);
    try {
      expect(channel.active).toBe(true);
      const context = { n: 1 };
      await expect(channel.trace(context, async () => 'done')).resolves.toBe('done');
      expect(events.map(([kind]) => kind)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
      expect(events.every(([, m]) => m === context)).toBe(true);
      expect(context).toMatchObject({ result: 'done' });
    } finally {
      stop();
    }
    expect(channel.active).toBe(false);
  });

  it('publish error with the rejection and still reject the caller with it', async () => {
    const name = 'viewlink:test-fail';
    const channel = new TraceChannel<object>(name, diagnostics.tracingChannel(name));
    const { events, stop } = record(name);
    const failure = new Error('boom');
    try {
      const context = {};
      await expect(
        channel.trace(context, async () => {
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(events.map(([kind]) => kind)).toEqual(['start', 'end', 'error', 'asyncStart', 'asyncEnd']);
      expect(context).toMatchObject({ error: failure });
    } finally {
      stop();
    }
  });

  it('are inert where the runtime has no diagnostics_channel (browsers)', async () => {
    const channel = new TraceChannel<object>('viewlink:nowhere', undefined);
    expect(channel.active).toBe(false);
    const promise = Promise.resolve('x');
    expect(channel.trace({}, () => promise)).toBe(promise);
  });
});

describe('attempt numbers of a traced request', () => {
  it('count every attempt, a retry and the replay after a renewal alike: attempt n, retryCount n - 1', async () => {
    const answers = [503, 401, 200];
    const fetch = (async () =>
      Response.json({}, { status: answers.shift() ?? 500 })) as unknown as typeof globalThis.fetch;
    let token = 'old';
    const transport = createTransport({
      baseUrl: 'http://127.0.0.1:4999',
      fetch,
      retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 1 },
      auth: {
        credential: () => token,
        apply: (credential: string, headers) => Object.assign(headers, { authorization: `Bearer ${credential}` }),
        renew: async () => {
          token = 'new';
          return token;
        },
      },
    });
    // Each attempt's number and the request's retryCount as the attempt starts; each retry wait's.
    const seen: string[] = [];
    const onAttempt = (m: object) => {
      const { attempt, request } = m as AttemptTrace;
      seen.push(`attempt ${attempt}, retryCount ${request.retryCount}`);
    };
    const onRetry = (m: object) => {
      seen.push(`retry wait before attempt ${(m as RetryTrace).attempt}`);
    };
    const requests = record(VIEWLINK_CHANNELS.request);
    const subscribed = [
      [diagnostics.tracingChannel(VIEWLINK_CHANNELS.attempt), onAttempt],
      [diagnostics.tracingChannel(VIEWLINK_CHANNELS.retry), onRetry],
    ] as const;
    const noop = () => {};
    const handlersOf = (start: (m: object) => void) => ({
      start,
      end: noop,
      asyncStart: noop,
      asyncEnd: noop,
      error: noop,
    });
    const unsubscribers = subscribed.map(([channel, start]) => {
      const h = handlersOf(start);
      channel.subscribe(h);
      return () => channel.unsubscribe(h);
    });
    try {
      await transport.request({ method: 'GET', path: '/me' });
    } finally {
      for (const unsubscribe of unsubscribers) unsubscribe();
      requests.stop();
    }
    const request = requests.events[0]?.[1] as RequestTrace | undefined;
    expect(seen).toEqual([
      'attempt 1, retryCount 0',
      'retry wait before attempt 2',
      'attempt 2, retryCount 1',
      'attempt 3, retryCount 2',
    ]);
    expect(request?.retryCount).toBe(2);
    expect(request?.status).toBe(200);
  });
});
