// Runs the scenario with the installed packages loaded by ESM `import` (Node, Deno, Bun).
// Usage: <runtime> entry.mjs <runtime label> <mock server URL>; prints one result line.

import * as otelSdk from '@opentelemetry/sdk-trace-base';
import * as cms from '@viewlink/cms';
import * as otel from '@viewlink/otel';
import * as partner from '@viewlink/partner';
import { RESULT_PREFIX, runServerScenario } from './scenario.mjs';

const [runtime, mockUrl] = globalThis.Deno ? Deno.args : globalThis.process.argv.slice(2);
const result = await runServerScenario({ runtime, partner, cms, otel, otelSdk, mockUrl });
console.log(RESULT_PREFIX + JSON.stringify({ ...result, version: runtimeVersion(), loader: 'import' }));

function runtimeVersion() {
  if (globalThis.Deno) return `deno ${Deno.version.deno}`;
  if (globalThis.Bun) return `bun ${Bun.version}`;
  return `node ${process.version}`;
}
