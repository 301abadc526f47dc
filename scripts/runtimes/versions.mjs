// The runtime matrix's pinned versions (exact, from the npm registry). Bump here, then run
// `pnpm exec node scripts/runtimes/run.mjs` once: a new version installs into .cache/runtimes/.

/** Server runtimes that run the scenario file directly: npm package, version, binary in .bin. */
export const SERVER_RUNTIMES = [
  { id: 'node22', pkg: 'node', version: '22.23.3', bin: 'node', loaders: ['import', 'require'] },
  { id: 'node24', pkg: 'node', version: '24.21.0', bin: 'node', loaders: ['import', 'require'] },
  { id: 'node26', pkg: 'node', version: '26.10.0', bin: 'node', loaders: ['import', 'require'] },
  { id: 'deno', pkg: 'deno', version: '2.9.6', bin: 'deno', loaders: ['import'] },
  { id: 'bun', pkg: 'bun', version: '1.4.5', bin: 'bun', loaders: ['import', 'require'] },
];

/** Cloudflare's local runtime: wrangler (which pins its workerd). */
export const WRANGLER = { id: 'workerd', pkg: 'wrangler', version: '4.164.0', bin: 'wrangler' };

/** The compatibility date the worker declares (must not be newer than the pinned workerd). */
export const COMPATIBILITY_DATE = '2026-11-01';

/**
 * The OpenTelemetry packages the scenario runs `@viewlink/otel` with (installed beside the
 * tarballs): the API the package peers on and the SDK whose in-memory exporter collects the spans.
 */
export const OTEL_PACKAGES = ['@opentelemetry/api@1.9.1', '@opentelemetry/sdk-trace-base@2.12.1'];
