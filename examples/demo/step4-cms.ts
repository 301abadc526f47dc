/**
 * Step 4: examples/cms-import brings a few hundred posts in through batches (its progress bar),
 * then the demo pages through them with the CMS client. Against the CMS fake by default, or a
 * real site (`--cms-url` and credentials, or `--wordpress` for the local WordPress).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CmsClient, REST_ROOT_REL } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import type { Report } from './report.js';

/** A site and an application password of a user who may publish posts. */
export interface CmsTarget {
  readonly url: string;
  readonly user: string;
  readonly appPassword: string;
  /** The namespace serving cms/v2, for a site that serves the spec under another name. */
  readonly namespace?: string | undefined;
  /** A stock WordPress: the client's profile `compat: 'wordpress'` (namespaces included). */
  readonly wordpress?: boolean | undefined;
  readonly label: string;
}

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The CMS fake on 127.0.0.1; `GET /` advertises the REST root as WordPress does, for discovery. */
async function startCmsFake(): Promise<{ target: CmsTarget; close(): Promise<void> }> {
  const mock = createMockService();
  const server = await serve({
    handle: async (request) =>
      new URL(request.url).pathname === '/'
        ? new Response('<!doctype html><title>CMS fake</title>', {
            headers: { 'content-type': 'text/html', link: `<${server.url}/wp-json/>; rel="${REST_ROOT_REL}"` },
          })
        : mock.handle(request),
  });
  return {
    target: { url: server.url, user: 'admin', appPassword: 'fake admin appl pass word xxxx', label: 'the CMS fake' },
    close: () => server.close(),
  };
}

/** Runs examples/cms-import (its output, progress bar included, goes to this terminal). */
function runImport(file: string, target: CmsTarget): Promise<number> {
  const args = ['exec', 'tsx', 'examples/cms-import/main.ts', '--file', file, '--url', target.url];
  args.push('--user', target.user, '--concurrency', '2');
  if (target.namespace) args.push('--namespace', target.namespace);
  if (target.wordpress) args.push('--wordpress');
  return new Promise((resolve, reject) => {
    // The password goes through the environment: argv is visible in the process list and in
    // pnpm's "Command failed" message.
    const env = { ...process.env, CMS_APP_PASSWORD: target.appPassword };
    const child = spawn('pnpm', args, { cwd: repo, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Imports `count` posts with examples/cms-import into `given` (default: a CMS fake), then pages through them. */
export async function cmsImport(given: CmsTarget | undefined, report: Report, count = 300): Promise<void> {
  const fake = given ? undefined : await startCmsFake();
  const target = given ?? (fake?.target as CmsTarget);
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-demo-cms-'));
  try {
    // A marker unique to this run, so paging counts this run's posts on a site that has others.
    const marker = `vldemo${Date.now().toString(36)}`;
    const posts = Array.from({ length: count }, (_, i) => ({
      title: `Demo post ${i + 1} ${marker}`,
      content: `<p>Imported by the Viewlink demo, item ${i + 1} (${marker}).</p>`,
      status: 'publish',
    }));
    const file = join(dir, 'posts.json');
    writeFileSync(file, JSON.stringify(posts));
    const exit = await runImport(file, target);
    if (exit === 0) report.ok(`examples/cms-import: ${count} posts in batches of 25 into ${target.label}, no failure`);
    else report.fail(`examples/cms-import exited with ${exit} (${target.label})`);

    const cms = new CmsClient({
      baseUrl: target.url,
      ...(target.wordpress ? { compat: 'wordpress' as const } : {}),
      ...(target.namespace ? { namespaces: { cms: target.namespace } } : {}),
      auth: { username: target.user, applicationPassword: target.appPassword },
    });
    let pages = 0;
    const ids: number[] = [];
    const first = await cms.posts.list({ per_page: 100, search: marker });
    for (let page: typeof first | undefined = first; page; page = await page.next()) {
      pages++;
      ids.push(...page.items.map((post) => post.id));
    }
    const seen = ids.length;
    if (seen === count && first.total === count)
      report.ok(`paged through the ${seen} imported posts: ${pages} pages of 100 (X-WP-Total ${first.total})`);
    else report.fail(`paging found ${seen} posts of this run (X-WP-Total ${first.total}), expected ${count}`);

    // Demo content does not stay on the site: this run's posts go, through one chunked batch.
    const cleanup = cms.batch();
    for (const id of ids) cleanup.posts.delete(id, { force: true });
    if (cleanup.size > 0) {
      const removed = await cleanup.run({ chunk: true });
      if (removed.ok)
        report.ok(`removed this run's ${ids.length} posts again (batch delete, force, ${removed.chunks} requests)`);
      else report.fail(`removing this run's posts: ${removed.outcomes.filter((o) => !o.ok).length} deletes failed`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await fake?.close();
  }
}
