/**
 * The demo (issue 7), on the embedded mock service on 127.0.0.1: `pnpm demo` runs this file.
 *
 *   pnpm demo [--redis] [--wordpress | --cms-url URL --cms-user USER --cms-app-password PASS [--cms-namespace wp/v2]]
 *
 * `--redis`: the backend keeps its token pairs, refresh cooldown and webhook ids in Redis
 * (`@viewlink/redis`; REDIS_URL, else a private redis-server started for the run).
 * 1. examples/partner-backend: token pairs, the web app, token renewal, webhooks;
 * 2. examples/web-app in Debian's headless Chromium with the test extension;
 * 3. the backend's reads, and a refresh clicked in the page that ends in a verified webhook;
 * 4. examples/react-app (the same story with @viewlink/react) in headless Chromium;
 * 5. examples/cms-import into the CMS fake (or a real site), then paging.
 * One ✔/✘ line per check; exits 0 only when there is no ✘.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createReport } from './report.js';
import { reactApp } from './step-react-app.js';
import { type DemoServices, startServices } from './step1-backend.js';
import { type WebSession, webApp } from './step2-web-app.js';
import { backendReads, refreshByClick } from './step3-backend-reads.js';
import { type CmsTarget, cmsImport } from './step4-cms.js';

const usage =
  'usage: pnpm demo [--redis] [--wordpress | --cms-url URL --cms-user USER --cms-app-password PASS [--cms-wordpress | --cms-namespace NS]]';
const options = {
  'cms-url': { type: 'string' },
  'cms-user': { type: 'string' },
  'cms-app-password': { type: 'string' },
  'cms-namespace': { type: 'string' },
  'cms-wordpress': { type: 'boolean', default: false },
  wordpress: { type: 'boolean', default: false },
  redis: { type: 'boolean', default: false },
} as const;
let parsed: ReturnType<typeof parseArgs<{ options: typeof options }>>;
try {
  parsed = parseArgs({ options });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const { values } = parsed;

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Starts the local WordPress (installs PHP and MariaDB when missing) and reads its admin credentials. */
function localWordPress(): CmsTarget {
  // start.sh prints the env.json path on stdout and its progress on stderr.
  execFileSync('bash', ['scripts/wordpress/start.sh'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  const env = JSON.parse(readFileSync(`${process.env.WP_STATE_DIR ?? `${repo}.wp`}/env.json`, 'utf8')) as {
    url: string;
    version: string;
    admin: { username: string; applicationPassword: string };
  };
  return {
    url: env.url,
    user: env.admin.username,
    appPassword: env.admin.applicationPassword,
    wordpress: true,
    label: `WordPress ${env.version} at ${env.url}`,
  };
}

function cmsTarget(): CmsTarget | undefined {
  if (values.wordpress) return localWordPress();
  const url = values['cms-url'];
  if (url === undefined) return undefined;
  const user = values['cms-user'];
  // The environment keeps the password out of the command line pnpm echoes.
  const appPassword = values['cms-app-password'] ?? process.env.CMS_APP_PASSWORD;
  if (!user || !appPassword) throw new Error('--cms-url needs --cms-user and --cms-app-password (or CMS_APP_PASSWORD)');
  return {
    url,
    user,
    appPassword,
    namespace: values['cms-namespace'],
    wordpress: values['cms-wordpress'],
    label: url,
  };
}

const started = performance.now();
const report = createReport();
const step = async (title: string, run: () => Promise<void>) => {
  console.log(title);
  try {
    await run();
  } catch (error) {
    report.fail(
      `${title}: ${error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error)}`,
    );
  }
};

let services: DemoServices | undefined;
let web: WebSession | undefined;
try {
  await step('1. partner backend', async () => {
    services = await startServices(report, { redis: values.redis });
  });
  await step('2. web app in headless Chromium, with the test extension', async () => {
    if (!services) throw new Error('backend not running');
    web = await webApp(services, report);
  });
  await step('3. backend reads, and a refresh clicked in the page that ends in a signed webhook', async () => {
    if (!services) throw new Error('backend not running');
    await backendReads(services, report);
    if (!web) throw new Error('no page to click in (step 2 failed)');
    await refreshByClick(services, web, report);
  });
  await web?.close();
  web = undefined;
  await step('4. the React app (examples/react-app) in headless Chromium, with the test extension', async () => {
    if (!services) throw new Error('backend not running');
    await reactApp(services, report);
  });
  await step('5. CMS import through batches, then pagination', async () => {
    await cmsImport(cmsTarget(), report);
  });
} finally {
  await web?.close();
  await services?.close();
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  report.failures === 0 ? `demo passed in ${seconds} s` : `demo: ${report.failures} check(s) failed (${seconds} s)`,
);
process.exitCode = report.failures === 0 ? 0 : 1;
