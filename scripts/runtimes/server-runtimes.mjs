// Node 22/24/26, Deno and Bun: each runs entry.mjs (import) and, where it has CJS, entry.cjs
// (require) inside the scratch project, and prints one result line.
import { join } from 'node:path';
import { cacheDir } from './install.mjs';
import { runProcess } from './process.mjs';
import { parseResult, rowFromError, rowFromResult } from './result.mjs';

/** What each runtime reports as its version, to prove the pinned binary ran. */
function expectedVersion(spec) {
  return spec.pkg === 'node' ? `node v${spec.version}` : `${spec.pkg} ${spec.version}`;
}

function command(spec, bin, loader, mockUrl) {
  const entry = loader === 'import' ? 'entry.mjs' : 'entry.cjs';
  const label = `${spec.id}`;
  // Deno: network to 127.0.0.1 only; it reads node_modules and package.json of the project, and
  // the OTEL_* variables the OpenTelemetry SDK reads when a tracer provider is created.
  if (spec.pkg === 'deno')
    return [bin, ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env=OTEL_*', entry, label, mockUrl]];
  return [bin, [entry, label, mockUrl]];
}

/** Runs one runtime with one loader against the mock server; resolves with its row. */
export async function runServerRuntime(spec, bin, loader, { project, mockUrl }) {
  const base = { runtime: spec.id, loader, version: undefined };
  const started = Date.now();
  const [cmd, args] = command(spec, bin, loader, mockUrl);
  const env = {
    ...process.env,
    DENO_DIR: join(cacheDir, 'deno-dir'),
    DENO_NO_UPDATE_CHECK: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
  };
  const run = await runProcess(cmd, args, { cwd: project, env, timeoutMs: 90_000 });
  const seconds = (Date.now() - started) / 1000;
  const result = parseResult(run.stdout);
  if (!result) {
    const how = run.timedOut ? 'timed out after 90s' : `exit ${run.code}${run.signal ? ` (${run.signal})` : ''}`;
    return {
      ...rowFromError(base, new Error(`${cmd} ${args.join(' ')}: ${how}, no result line.\n${run.stderr}${run.stdout}`)),
      seconds,
    };
  }
  const wanted = expectedVersion(spec);
  const versionCheck = {
    name: `runs the pinned ${wanted}`,
    ok: result.version === wanted,
    error: `reported ${result.version}, expected ${wanted}`,
  };
  const exitCheck = { name: 'exits 0', ok: run.code === 0, error: `exit ${run.code}: ${run.stderr}` };
  return { ...rowFromResult(base, result, [versionCheck, exitCheck]), seconds };
}
