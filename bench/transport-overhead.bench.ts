/**
 * Issue 2: per-request overhead of the transport on a small JSON GET, vs raw fetch and plain ky.
 * Issue 15: the same request with and without a tracing subscriber, side by side (interleaved in
 * one process: each contender first puts the channels in its state, so a block of its requests
 * runs with or without subscribers), plus the cost of the idle check itself.
 */
import diagnostics from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { attemptChannel, createTransport, requestChannel, retryChannel, VIEWLINK_CHANNELS } from '@viewlink/transport';
import ky from 'ky';
import * as z from 'zod/mini';
import {
  instrumentViewlink,
  type ViewlinkInstrumentation,
  type ViewlinkInstrumentationOptions,
} from '../packages/otel/src/index.js';
import { compare, localServer, report, us, vsRawFetch } from './lib.js';

/** The pipeline's idle check (transport observe/channels.ts, `requestObserved`), through the public channels. */
const requestObserved = () => requestChannel.active || attemptChannel.active || retryChannel.active;

// The OpenTelemetry SDK is a dev dependency of @viewlink/otel only.
const otelRequire = createRequire(new URL('../packages/otel/package.json', import.meta.url));
const { BasicTracerProvider } = otelRequire('@opentelemetry/sdk-trace-base') as {
  BasicTracerProvider: new () => NonNullable<ViewlinkInstrumentationOptions['tracerProvider']>;
};

const body = JSON.stringify({ id: 42, title: 'Small JSON', tags: ['a', 'b'], updated_at: '2026-11-22T10:00:00Z' });
const server = await localServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
const url = `${server.url}/item`;
const Item = z.looseObject({ id: z.int(), title: z.string(), tags: z.array(z.string()), updated_at: z.string() });
const transport = createTransport({ baseUrl: server.url });
const plainKy = ky.create({});
const request = () => transport.request({ method: 'GET', path: '/item', route: '/item', schema: Item });
// A caller's AbortSignal (a component's, a server request's), passed on every call.
const callerSignal = new AbortController().signal;
const requestWithSignal = () =>
  transport.request({ method: 'GET', path: '/item', route: '/item', schema: Item, signal: callerSignal });

/** Who listens on the Viewlink channels: nobody, a subscriber that does nothing, or @viewlink/otel with an SDK. */
type Listening = 'nobody' | 'no-op' | 'otel';
const noop = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
// Spans are recorded by the SDK and dropped (no processor): the instrumentation's and SDK's cost, no export.
const provider = new BasicTracerProvider();
let listening: Listening = 'nobody';
let instrumentation: ViewlinkInstrumentation | undefined;
function listen(next: Listening): void {
  if (listening === next) return;
  if (listening === 'no-op')
    for (const name of Object.values(VIEWLINK_CHANNELS)) diagnostics.tracingChannel(name).unsubscribe(noop);
  if (listening === 'otel') instrumentation?.disable();
  if (next === 'no-op')
    for (const name of Object.values(VIEWLINK_CHANNELS)) diagnostics.tracingChannel(name).subscribe(noop);
  if (next === 'otel') instrumentation = instrumentViewlink({ tracerProvider: provider });
  listening = next;
}

const figures = await compare([
  {
    name: 'raw fetch + JSON.parse',
    run: async () => {
      listen('nobody');
      return (await fetch(url)).json();
    },
  },
  {
    name: 'plain ky .json()',
    run: () => {
      listen('nobody');
      return plainKy.get(url).json();
    },
  },
  {
    name: '@viewlink/transport (validated)',
    run: () => {
      listen('nobody');
      return request();
    },
  },
  {
    name: '@viewlink/transport, a no-op subscriber on every channel',
    run: () => {
      listen('no-op');
      return request();
    },
  },
  {
    name: '@viewlink/transport + @viewlink/otel (SDK tracer, spans not exported)',
    run: () => {
      listen('otel');
      return request();
    },
  },
  {
    name: "@viewlink/transport (validated), the caller's AbortSignal passed",
    run: () => {
      listen('nobody');
      return requestWithSignal();
    },
  },
]);
listen('nobody');
await server.close();

// The only work a request does for tracing when nobody listens: one check of the channels' flags.
const checks = 10_000_000;
let seen = 0;
const t0 = process.hrtime.bigint();
for (let i = 0; i < checks; i++) if (requestObserved()) seen++;
const checkNs = Number(process.hrtime.bigint() - t0) / checks;
if (seen !== 0) throw new Error('a channel had a subscriber during the idle check');

const base = figures[0]?.medianUs ?? 1;
const ours = figures[2]?.medianUs ?? Number.NaN;
report({
  title: 'Transport overhead: small JSON GET on 127.0.0.1',
  goal: '@viewlink/transport median at most 1.15x raw fetch',
  rows: vsRawFetch([...figures.slice(0, 3), ...figures.slice(5)]),
  verdict: `${(ours / base).toFixed(2)}x raw fetch: ${ours / base <= 1.15 ? 'goal met' : 'goal NOT met'}`,
});

const [, , idle, noOp, otel] = figures;
const delta = (f: typeof idle) =>
  f && idle
    ? `${f.medianUs - idle.medianUs >= 0 ? '+' : ''}${us(f.medianUs - idle.medianUs)} (${((f.medianUs / idle.medianUs - 1) * 100).toFixed(1)}%)`
    : '';
report({
  title: 'Tracing (diagnostics_channel): the same GET with and without a subscriber',
  goal: 'no measurable cost when nobody subscribes (issue 15): the idle path is one flag check',
  rows: [
    ...[idle, noOp, otel].map((f) => ({
      contender: f?.name ?? '',
      median: us(f?.medianUs ?? Number.NaN),
      p95: us(f?.p95Us ?? Number.NaN),
      'vs nobody listening': f === idle ? '' : delta(f),
      requests: f?.ops ?? 0,
    })),
    {
      contender: 'the idle check alone (requestObserved(), 10M calls)',
      median: `${checkNs.toFixed(1)} ns`,
      p95: '',
      'vs nobody listening': `${((checkNs / 1000 / (idle?.medianUs ?? Number.NaN)) * 100).toFixed(4)}% of a request`,
      requests: checks,
    },
  ],
  verdict: `nobody listening: the tracing code adds one check of ${checkNs.toFixed(1)} ns per request (${((checkNs / 1000 / (idle?.medianUs ?? Number.NaN)) * 100).toFixed(4)}% of the ${us(idle?.medianUs ?? Number.NaN)} median); a no-op subscriber costs ${delta(noOp)}, @viewlink/otel with an SDK ${delta(otel)}`,
});
