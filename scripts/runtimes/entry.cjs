// Runs the scenario with the installed packages loaded by CJS `require` (Node, Bun).
// Usage: <runtime> entry.cjs <runtime label> <mock server URL>; prints one result line.
const cms = require('@viewlink/cms');
const partner = require('@viewlink/partner');
const otel = require('@viewlink/otel');
const otelSdk = require('@opentelemetry/sdk-trace-base');

const [runtime, mockUrl] = process.argv.slice(2);
import('./scenario.mjs').then(async ({ RESULT_PREFIX, runServerScenario }) => {
  const result = await runServerScenario({ runtime, partner, cms, otel, otelSdk, mockUrl });
  const version = globalThis.Bun ? `bun ${Bun.version}` : `node ${process.version}`;
  console.log(RESULT_PREFIX + JSON.stringify({ ...result, version, loader: 'require' }));
});
