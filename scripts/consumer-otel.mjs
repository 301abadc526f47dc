// Run by scripts/consumer-test.mjs inside the scratch project: the packed @viewlink/otel, loaded
// with require() and with import(), turns requests of the packed transport (both builds) into
// spans on the OpenTelemetry SDK's InMemorySpanExporter. The channels are shared by name, so the
// CJS instrumentation sees the ESM transport and the other way round. Exits non-zero on a miss.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/`);
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-consumer' });
  res.end('{"ok":true}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

let failed = 0;
const pairs = [
  ['require', require('@viewlink/otel'), 'import', await import('@viewlink/transport')],
  ['import', await import('@viewlink/otel'), 'require', require('@viewlink/transport')],
];
for (const [otelLoader, otel, transportLoader, transport] of pairs) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const instrumentation = otel.instrumentViewlink({ tracerProvider: provider });
  const client = transport.createTransport({ baseUrl, client: 'partner' });
  await client.request({ method: 'GET', path: '/v1/ping', route: '/v1/ping' });
  instrumentation.disable();
  const names = exporter
    .getFinishedSpans()
    .map(
      (span) =>
        `${span.name}${span.attributes['viewlink.request_id'] ? ` (${span.attributes['viewlink.request_id']})` : ''}`,
    )
    .sort();
  const expected = ['GET /v1/ping', 'partner GET /v1/ping (req-consumer)'];
  const label = `@viewlink/otel by ${otelLoader}, @viewlink/transport by ${transportLoader}`;
  if (JSON.stringify(names) === JSON.stringify(expected)) console.log(`otel ok: ${label}: ${names.join(', ')}`);
  else {
    failed++;
    console.error(`otel FAILED: ${label}: spans ${JSON.stringify(names)}, expected ${JSON.stringify(expected)}`);
  }
}
server.close();
process.exit(failed ? 1 : 0);
