/**
 * Issue 13, the type budget: what each README sample and probe file costs `tsc` (type
 * instantiations) and what the editor shows at its probes, read from `scripts/type-budget.mjs`
 * (the same gate `pnpm test` runs: packed packages installed outside the workspace), beside
 * openai-node's comparable file. Goal: at most 1,000 instantiations per file, hovers at most 200
 * characters.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './lib.js';

interface FileResult {
  readonly file: string;
  readonly pkg: string;
  readonly instantiations: number;
  /** A reference file (openai-node's, a twin on React or zod/mini alone): reported, not budgeted. */
  readonly reference?: boolean;
  /** A React file or one that parses with zod itself: its instantiations over its twin. */
  readonly added?: number;
  /** A file not yet within the budget: its limit meanwhile (CEILINGS in the script, which says why). */
  readonly ceiling?: number;
  readonly hovers: ReadonlyArray<{ readonly label: string; readonly text: string; readonly docs: string }>;
}

// The figures of each file when issue 13 was filed, for contrast.
const BEFORE: Record<string, number> = {
  'examples/readme/cms.ts': 14_762,
  'examples/readme/partner.ts': 2_737,
  'examples/type-budget/partner.ts': 4_069,
  'examples/readme/web.ts': 2_445,
  'examples/type-budget/cms.ts': 23_581,
  'examples/readme/mock.ts': 2_187,
};
const BUDGET = 1000;
const HOVER_BUDGET = 200;

const dir = mkdtempSync(join(tmpdir(), 'viewlink-type-budget-bench-'));
const out = join(dir, 'results.json');
try {
  const run = spawnSync('node', ['scripts/type-budget.mjs', '--json', out], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scripts/type-budget.mjs failed:\n${run.stdout}\n${run.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8')) as FileResult[];
  const reference = results.find((r) => r.pkg === 'openai');
  const ours = results.filter((r) => !r.reference);
  // A React file, or one that parses with zod itself, counts what it adds over its twin.
  const counted = (r: FileResult) => r.added ?? r.instantiations;
  // Files over the goal but under their ceiling (the script says why each is there).
  const underCeiling = ours
    .filter((r) => counted(r) > BUDGET && r.ceiling !== undefined)
    .map((r) => `${r.file} under its ceiling of ${r.ceiling?.toLocaleString('en')}`)
    .join('; ');
  report({
    title: 'Type budget: what a consumer file costs tsc',
    goal: `each README sample and probe file type-checked against the packed packages (\`tsc --extendedDiagnostics\`, strict) at most ${BUDGET.toLocaleString('en')} instantiations (a React file: at most that many over its twin written on React and TanStack Query alone, a reference row; a file that parses with zod itself: over its twin on zod/mini alone); openai-node's comparable file beside them`,
    rows: results.map((r) => ({
      file: r.file,
      package: r.pkg,
      instantiations:
        r.added === undefined
          ? r.instantiations
          : `${r.instantiations} (${r.added >= 0 ? '+' : ''}${r.added} over its twin)`,
      'when issue 13 was filed': BEFORE[r.file]?.toLocaleString('en') ?? '-',
      goal: r.reference
        ? 'reference'
        : counted(r) <= BUDGET
          ? 'met'
          : `NOT met${r.ceiling === undefined ? '' : ` (ceiling ${r.ceiling.toLocaleString('en')})`}`,
    })),
    verdict: `${ours.filter((r) => counted(r) <= BUDGET).length} of ${ours.length} files within ${BUDGET.toLocaleString('en')}${underCeiling ? ` (${underCeiling}: scripts/type-budget.mjs says why)` : ''}; openai-node's file: ${reference?.instantiations ?? '?'}`,
  });
  const hovers = ours.flatMap((r) => r.hovers.map((h) => ({ ...h, file: r.file })));
  report({
    title: 'Type budget: what the editor shows at the probes',
    goal: `hover text at each probe, read through the TypeScript language service, at most ${HOVER_BUDGET} characters, named (never an expanded structure)`,
    rows: hovers.map((h) => ({
      probe: h.label,
      hover: `\`${h.text.replaceAll('|', '\\|')}\``,
      characters: h.text.length,
      documented: h.docs ? 'yes' : '-',
    })),
    verdict: `${hovers.filter((h) => h.text.length <= HOVER_BUDGET).length} of ${hovers.length} hovers within ${HOVER_BUDGET} characters`,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
