/**
 * The demo (issue 7), on the embedded mock service on 127.0.0.1:
 *
 *   pnpm exec tsx examples/demo/main.ts [--cms-url URL --cms-user USER --cms-app-password PASS]
 *
 * Work in progress: step 2 (the web app in headless Chromium with the test extension) is not
 * written yet and reports ✘, so this exits non-zero; `pnpm demo` still runs examples/foundation-demo.
 */
import { parseArgs } from 'node:util';
import { createReport } from './report.js';
import { startServices } from './step1-backend.js';
import { backendReads, refreshToWebhook } from './step3-backend-reads.js';
import { cmsImport } from './step4-cms.js';

const { values } = parseArgs({
  options: {
    'cms-url': { type: 'string' },
    'cms-user': { type: 'string' },
    'cms-app-password': { type: 'string' },
    wordpress: { type: 'boolean', default: false },
  },
});

const started = performance.now();
const report = createReport();
const step = async (title: string, run: () => Promise<void>) => {
  console.log(title);
  try {
    await run();
  } catch (error) {
    report.fail(`${title}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
};

let services: Awaited<ReturnType<typeof startServices>> | undefined;
try {
  await step('1. partner backend', async () => {
    services = await startServices(report);
  });
  await step('2. web app in headless Chromium', async () => {
    report.fail('not implemented yet (consent, two connections with MFA, silent token renewal)');
  });
  await step('3. backend reads and a refresh that ends in a signed webhook', async () => {
    if (!services) throw new Error('backend not running');
    await backendReads(services, report);
    await refreshToWebhook(services, report);
  });
  await step('4. CMS import and pagination', async () => {
    if (values.wordpress) report.fail('--wordpress is unavailable (scripts/wordpress/start.sh is not wired yet)');
    await cmsImport(
      { url: values['cms-url'], user: values['cms-user'], appPassword: values['cms-app-password'] },
      report,
    );
  });
} finally {
  await services?.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  report.failures === 0 ? `demo passed in ${seconds} s` : `demo: ${report.failures} check(s) failed (${seconds} s)`,
);
process.exitCode = report.failures === 0 ? 0 : 1;
