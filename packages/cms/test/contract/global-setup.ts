/**
 * Starts the contract targets once for the whole suite and provides them to the scenarios
 * (`inject('contractTargets')`, see targets.ts):
 * - `wordpress`: scripts/wordpress/start.sh (installs the Debian packages and WordPress 6.5.5
 *   when needed); stopped in teardown with scripts/wordpress/stop.sh, unless it was already
 *   running before the suite (left as found) or CONTRACT_KEEP_WORDPRESS=1;
 * - `fake`: `createMockService()` of `@viewlink/mock` (with FAKE_USERS as its application-password
 *   users) served with `serve` on 127.0.0.1 (free port).
 * CONTRACT_TARGETS=fake or =wordpress narrows the run (default: both). A target that cannot
 * start fails the run loudly with the reason; nothing is skipped. No password is ever printed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import type { TestProject } from 'vitest/node';
import type { ContractTarget, ContractUser } from './targets.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const stateDir = process.env.WP_STATE_DIR ?? `${repo}.wp`;

/**
 * Application-password users the fake is created with: an administrator, a subscriber (for 403),
 * an editor (a second user who may edit: autosaves are kept per user) and a second administrator
 * (templates are for administrators only).
 */
export const FAKE_USERS: { admin: ContractUser; subscriber: ContractUser; editor: ContractUser; admin2: ContractUser } =
  {
    admin: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
    subscriber: { username: 'subscriber', applicationPassword: 'fake subs appl pass word xxxx' },
    editor: { username: 'editor', applicationPassword: 'fake edit appl pass word xxxx' },
    admin2: { username: 'admin2', applicationPassword: 'fake adm2 appl pass word xxxx' },
  };

interface WordPressEnv {
  readonly url: string;
  readonly restRoot: string;
  readonly admin: ContractUser;
  readonly subscriber: ContractUser;
  readonly editor: ContractUser;
  readonly admin2: ContractUser;
}

function readEnv(): WordPressEnv | undefined {
  try {
    return JSON.parse(readFileSync(`${stateDir}/env.json`, 'utf8')) as WordPressEnv;
  } catch {
    return undefined;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/wp-json/`, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

function script(name: 'start' | 'stop'): void {
  // stdout is only the env.json path; stderr carries the script's progress and reasons.
  execFileSync('bash', [`${repo}scripts/wordpress/${name}.sh`], { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function startWordPress(): Promise<{ target: ContractTarget; stop: () => void }> {
  const before = readEnv();
  const wasRunning = before !== undefined && (await answers(before.url));
  const started = Date.now();
  try {
    script('start');
  } catch (error) {
    throw new Error(`scripts/wordpress/start.sh failed (its reason is printed above): ${(error as Error).message}`);
  }
  const env = readEnv();
  if (!env) throw new Error(`scripts/wordpress/start.sh wrote no ${stateDir}/env.json`);
  console.info(
    `[contract] WordPress 6.5.5 at ${env.url} in ${Date.now() - started} ms${wasRunning ? ' (reused)' : ''}`,
  );
  return {
    target: {
      name: 'wordpress',
      baseUrl: env.url,
      restRoot: env.restRoot,
      namespaces: { cms: 'wp/v2' },
      // The stock WordPress profile: every scenario uses the spec's names (issue 13, item 2).
      compat: 'wordpress',
      admin: { username: env.admin.username, applicationPassword: env.admin.applicationPassword },
      subscriber: { username: env.subscriber.username, applicationPassword: env.subscriber.applicationPassword },
      editor: { username: env.editor.username, applicationPassword: env.editor.applicationPassword },
      admin2: { username: env.admin2.username, applicationPassword: env.admin2.applicationPassword },
    },
    stop: () => {
      if (wasRunning || process.env.CONTRACT_KEEP_WORDPRESS === '1') return;
      script('stop');
    },
  };
}

async function startFake(): Promise<{ target: ContractTarget; stop: () => Promise<void> }> {
  const service = createMockService({
    cms: {
      users: [
        { id: 1, role: 'administrator', ...FAKE_USERS.admin },
        { id: 2, role: 'subscriber', ...FAKE_USERS.subscriber },
        { id: 3, role: 'editor', ...FAKE_USERS.editor },
        { id: 4, role: 'administrator', ...FAKE_USERS.admin2 },
      ],
    },
  });
  const server = await serve({ host: '127.0.0.1', port: 0, handle: service.handle });
  return {
    target: { name: 'fake', baseUrl: server.url, restRoot: `${server.url}/wp-json/`, namespaces: {}, ...FAKE_USERS },
    stop: () => server.close(),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const wanted = (process.env.CONTRACT_TARGETS ?? 'fake,wordpress')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of wanted) {
    if (name !== 'fake' && name !== 'wordpress') throw new Error(`CONTRACT_TARGETS: unknown target ${name}`);
  }
  const stops: (() => unknown)[] = [];
  const list: ContractTarget[] = [];
  try {
    if (wanted.includes('fake')) {
      const fake = await startFake();
      stops.push(fake.stop);
      list.push(fake.target);
    }
    if (wanted.includes('wordpress')) {
      const wp = await startWordPress();
      stops.push(wp.stop);
      list.push(wp.target);
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }
  project.provide('contractTargets', list);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
