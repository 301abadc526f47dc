/**
 * Imports posts from a JSON file through batches, with a progress bar, reporting failures by
 * item. Against the CMS fake by default (started in-process on 127.0.0.1), or a real site:
 *
 *   pnpm exec tsx examples/cms-import/main.ts --file examples/cms-import/posts.json
 *   pnpm exec tsx examples/cms-import/main.ts --file posts.json --url https://example.org \
 *     --user editor --app-password "xxxx xxxx xxxx xxxx xxxx xxxx" --wordpress
 *
 * `--wordpress` drives a stock WordPress with the client's profile (`compat: 'wordpress'`);
 * `--namespace` maps `cms/v2` for other sites that serve the spec under another name.
 *
 * The password may come from the environment instead (CMS_APP_PASSWORD), which keeps it out of
 * the process list.
 *
 * Items the schema refuses are reported before anything is sent; the rest go in chunks of 25.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CmsClient, ValidationError } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: new URL('./posts.json', import.meta.url).pathname },
    url: { type: 'string' },
    user: { type: 'string' },
    'app-password': { type: 'string' },
    namespace: { type: 'string' },
    wordpress: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
  },
});

/** Runs the import; returns the number of failed items. */
export async function importPosts(file: string, cms: CmsClient, concurrency = 1): Promise<number> {
  const items = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
  const batch = cms.batch();
  const queued: number[] = [];
  const failures: string[] = [];
  items.forEach((item, index) => {
    try {
      batch.posts.create(item as never);
      queued.push(index);
    } catch (error) {
      failures.push(
        `item ${index} ("${String(item.title)}"): ${error instanceof ValidationError ? error.message : String(error)}`,
      );
    }
  });
  const width = 30;
  const bar = (done: number, total: number) => {
    const filled = Math.round((done / total) * width);
    process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
  };
  if (batch.size > 0) {
    bar(0, batch.size);
    const result = await batch.run({ chunk: true, concurrency, onProgress: (p) => bar(p.done, p.total) });
    process.stdout.write('\n');
    for (const outcome of result.outcomes) {
      if (!outcome.ok) {
        const index = queued[outcome.index] ?? -1;
        failures.push(
          `item ${index}: ${outcome.reason} ${outcome.error?.code ?? ''} ${outcome.error?.message ?? ''}`.trim(),
        );
      }
    }
    console.log(
      `imported ${result.outcomes.filter((o) => o.ok).length} of ${items.length} posts in ${result.chunks} batch requests`,
    );
  }
  for (const line of failures) console.log(`  failed: ${line}`);
  return failures.length;
}

const remote = values.url !== undefined;
const server = remote ? undefined : await serve({ handle: createMockService().handle });
const cms = new CmsClient({
  baseUrl: values.url ?? (server?.url as string),
  ...(remote ? {} : { restRoot: `${server?.url}/wp-json/` }),
  ...(values.wordpress ? { compat: 'wordpress' as const } : {}),
  ...(values.namespace ? { namespaces: { cms: values.namespace } } : {}),
  auth: {
    username: values.user ?? 'admin',
    applicationPassword: values['app-password'] ?? process.env.CMS_APP_PASSWORD ?? 'fake admin appl pass word xxxx',
  },
});
try {
  console.log(`importing ${values.file} into ${remote ? values.url : `the CMS fake at ${server?.url}`}`);
  const failed = await importPosts(values.file as string, cms, Number(values.concurrency));
  const page = await cms.posts.list({ per_page: 100 });
  console.log(`the site now lists ${page.total} published posts over ${page.totalPages} pages of 100`);
  process.exitCode = failed > 0 ? 2 : 0;
} finally {
  await server?.close();
}
