#!/usr/bin/env node
// Gate: `@redocly/cli lint` on every generated OpenAPI document, 0 errors and 0 warnings
// (rules turned off are listed with their reasons in docs/openapi/redocly.yaml).
import { spawnSync } from 'node:child_process';
import { documents, ensureTools, root, tool } from './tools.mjs';

ensureTools();
let failed = 0;
for (const doc of documents) {
  const run = spawnSync(
    process.execPath,
    [
      tool('@redocly/cli', 'bin/cli.js'),
      'lint',
      doc.file,
      '--config',
      'docs/openapi/redocly.yaml',
      '--max-problems=20',
      '--format=codeframe',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const output = `${run.stdout}${run.stderr}`;
  const warnings = /You have (\d+) warnings?/.exec(output);
  process.stdout.write(
    output
      .split('\n')
      .filter((line) => !/[╔║╚]/.test(line))
      .join('\n'),
  );
  if (run.status !== 0 || warnings) {
    failed++;
    console.error(`${doc.file}: lint failed (${warnings ? `${warnings[1]} warnings` : `exit ${run.status}`})`);
  } else console.log(`${doc.file}: 0 errors, 0 warnings`);
}
process.exit(failed ? 1 : 0);
