// One row of the matrix: read from a runtime's RUNTIME_RESULT line, or the exact error when
// the runtime printed none.
import { RESULT_PREFIX } from './scenario.mjs';

/** Finds the result line in `output`; undefined when there is none. */
export function parseResult(output) {
  const line = output.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
  return line === undefined ? undefined : JSON.parse(line.slice(RESULT_PREFIX.length));
}

/** A row from a scenario result (checks, with the failures' messages). */
export function rowFromResult(base, result, extraChecks = []) {
  const checks = [...result.checks, ...extraChecks];
  const failures = checks.filter((c) => !c.ok);
  return {
    ...base,
    version: base.version ?? result.version,
    passed: checks.length - failures.length,
    failed: failures.length,
    ok: failures.length === 0 && checks.length > 0,
    failures: failures.map((c) => `${c.name}\n    ${c.error.replaceAll('\n', '\n    ')}`),
  };
}

/** A row for a runtime that could not run at all: the exact error is the report. */
export function rowFromError(base, error) {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ...base,
    passed: 0,
    failed: 1,
    ok: false,
    failures: [`could not run:\n    ${message.replaceAll('\n', '\n    ')}`],
  };
}

/** Prints every failure in full, then one line per runtime. */
export function printSummary(rows) {
  for (const row of rows.filter((r) => !r.ok)) {
    console.error(`\n--- FAILED: ${row.runtime} (${row.loader})`);
    for (const failure of row.failures) console.error(`  ✘ ${failure}`);
  }
  const cells = rows.map((r) => [
    r.ok ? 'PASS' : 'FAIL',
    r.runtime,
    r.version ?? '?',
    r.loader,
    `${r.passed}/${r.passed + r.failed} checks`,
    `${r.seconds.toFixed(1)}s`,
  ]);
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((c) => c[i].length))) ?? [];
  console.log('\nruntime matrix:');
  for (const c of cells) console.log(`  ${c.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`);
}
