// workerd through `wrangler dev --local`: bundles worker/index.mjs with the installed packages,
// runs the shared scenario inside workerd (traffic from workerd to the mock on 127.0.0.1), and
// drives the worker's Web-standard webhook receiver with real signed HTTP requests from Node.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, waitForUrl } from './process.mjs';
import { parseResult, rowFromError, rowFromResult } from './result.mjs';
import { assert, createChecks, WEBHOOK_SECRET } from './scenario.mjs';
import { COMPATIBILITY_DATE } from './versions.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Compatibility settings without a global `process` (the clients cannot publish tracing events). */
const LEGACY_COMPAT = { compatibility_date: '2024-09-22', compatibility_flags: ['nodejs_compat'] };

/** The legacy-compat worker's folder inside the scratch project. */
function writeLegacyWorker(project) {
  const dir = join(project, 'worker-legacy');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(here, 'worker', 'legacy-compat.mjs'), join(dir, 'index.mjs'));
  const config = { name: 'viewlink-runtimes-legacy', main: 'index.mjs', ...LEGACY_COMPAT };
  writeFileSync(join(dir, 'wrangler.json'), `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

/** `wrangler dev --local` of the worker in `dir` on a free port; resolves once `health` answers. */
async function startWrangler({ dir, node, wranglerBin, health = '/' }) {
  const port = await freePort();
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' };
  const args = [
    wranglerBin,
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--config',
    'wrangler.json',
  ];
  const wrangler = startProcess(node, args, { cwd: dir, env });
  const url = `http://127.0.0.1:${port}`;
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      wrangler.stop();
      await Promise.race([wrangler.exited, new Promise((r) => setTimeout(r, 10_000))]);
    })();
    return stopping;
  };
  try {
    await waitForUrl(`${url}${health}`, { exited: wrangler.exited, output: wrangler.output, timeoutMs: 90_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: wrangler.output, stop };
}

/** instrumentViewlink() where the clients cannot publish: a ConfigurationError naming the fix. */
async function legacyCompatChecks({ project, node, wranglerBin }) {
  const { check, result } = createChecks('workerd legacy compat');
  await check(
    `workerd ${LEGACY_COMPAT.compatibility_flags} ${LEGACY_COMPAT.compatibility_date}: instrumentViewlink() refuses with the settings that fix it`,
    async () => {
      const legacy = await startWrangler({ dir: writeLegacyWorker(project), node, wranglerBin });
      let outcome;
      try {
        outcome = await (await fetch(legacy.url)).json();
      } finally {
        await legacy.stop();
      }
      assert(outcome.threw === true, `a throw, got ${JSON.stringify(outcome)}`);
      assert(outcome.name === 'ConfigurationError', `ConfigurationError, got ${outcome.name}: ${outcome.message}`);
      assert(
        /nodejs_compat/.test(outcome.message) && /2024-09-23/.test(outcome.message),
        `the fix, in: ${outcome.message}`,
      );
    },
  );
  return result().checks;
}

/** The worker folder inside the scratch project, so the bundle takes the INSTALLED packages. */
function writeWorker(project) {
  const dir = join(project, 'worker');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(here, 'worker', 'index.mjs'), join(dir, 'index.mjs'));
  copyFileSync(join(here, 'scenario.mjs'), join(dir, 'scenario.mjs'));
  const config = {
    name: 'viewlink-runtimes',
    main: 'index.mjs',
    compatibility_date: COMPATIBILITY_DATE,
    // The receiver's secret reaches the worker as a binding, as in a deployed Worker.
    vars: { VIEWLINK_WEBHOOK_SECRET: WEBHOOK_SECRET },
  };
  writeFileSync(join(dir, 'wrangler.json'), `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

/** Signed, forged and plain-http webhooks POSTed to the worker over real HTTP. */
async function driveReceiver(workerUrl, partner) {
  const { check, result } = createChecks('workerd driver');
  const event = partner.createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_workerd' });
  const post = async (secret, headers = { 'x-forwarded-proto': 'https' }) => {
    const signed = await partner.signWebhookForTest(event, { secret });
    return fetch(`${workerUrl}/webhooks`, {
      method: 'POST',
      body: signed.body,
      headers: { ...signed.headers, ...headers },
    });
  };
  await check('workerd receiver: a signed webhook over HTTP is accepted (200)', async () => {
    const response = await post(WEBHOOK_SECRET);
    assert(response.status === 200, `200, got ${response.status}: ${await response.text()}`);
  });
  await check(
    'workerd receiver: a redelivery is acknowledged as a duplicate (the handler outlives a request)',
    async () => {
      const response = await post(WEBHOOK_SECRET);
      const body = await response.json();
      assert(
        response.status === 200 && body.duplicate === true,
        `200 duplicate, got ${response.status} ${JSON.stringify(body)}`,
      );
    },
  );
  await check('workerd receiver: a wrong signature is refused (401)', async () => {
    const response = await post('not-the-secret');
    assert(response.status === 401, `401, got ${response.status}`);
  });
  await check('workerd receiver: plain http without the proxy header is refused (403)', async () => {
    const response = await post(WEBHOOK_SECRET, {});
    assert(response.status === 403, `403, got ${response.status}`);
  });
  await check('workerd receiver: the callback ran once, for the signed event', async () => {
    const received = await (await fetch(`${workerUrl}/webhooks/received`)).json();
    assert(JSON.stringify(received) === JSON.stringify([event.id]), `[${event.id}], got ${JSON.stringify(received)}`);
  });
  return result().checks;
}

/** Runs the workerd row; `node` must be >= 22.12 (wrangler's requirement). */
export async function runWorkerd({ project, mockUrl, wranglerBin, node }) {
  const started = Date.now();
  const wranglerDir = dirname(dirname(wranglerBin));
  const workerdVersion = JSON.parse(readFileSync(join(wranglerDir, 'workerd', 'package.json'), 'utf8')).version;
  const wranglerVersion = JSON.parse(readFileSync(join(wranglerDir, 'wrangler', 'package.json'), 'utf8')).version;
  const base = {
    runtime: 'workerd',
    loader: 'wrangler bundle',
    version: `workerd ${workerdVersion} (wrangler ${wranglerVersion})`,
  };
  const dir = writeWorker(project);
  let main;
  try {
    main = await startWrangler({ dir, node, wranglerBin, health: '/health' });
    const workerUrl = main.url;
    const answer = await fetch(`${workerUrl}/scenario?mock=${encodeURIComponent(mockUrl)}`);
    const text = await answer.text();
    const result = parseResult(text);
    if (!result)
      throw new Error(
        `GET /scenario answered ${answer.status} with no result line:\n${text}\nwrangler output:\n${main.output()}`,
      );
    const require = createRequire(join(project, 'package.json'));
    const driven = await driveReceiver(workerUrl, require('@viewlink/partner'));
    await main.stop();
    // One wrangler at a time: two side by side fight over their internal ports.
    const legacyChecks = await legacyCompatChecks({ project, node, wranglerBin });
    return { ...rowFromResult(base, result, [...driven, ...legacyChecks]), seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    return { ...rowFromError(base, error), seconds: (Date.now() - started) / 1000 };
  } finally {
    await main?.stop();
  }
}
