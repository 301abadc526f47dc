import diagnostics from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import {
  attemptChannel,
  batchChunkChannel,
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
