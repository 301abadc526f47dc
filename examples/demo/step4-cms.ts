/** Step 4: a few hundred posts through the CMS batch builder, then pagination with the client. */
import { CmsClient } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import type { Report } from './report.js';

export interface CmsTarget {
  readonly url?: string | undefined;
  readonly user?: string | undefined;
  readonly appPassword?: string | undefined;
}

export async function cmsImport(target: CmsTarget, report: Report, count = 300): Promise<void> {
  const remote = target.url !== undefined;
  const server = remote ? undefined : await serve({ handle: createMockService().handle });
  try {
    const cms = new CmsClient({
      baseUrl: target.url ?? (server?.url as string),
      ...(remote ? {} : { restRoot: `${server?.url}/wp-json/` }),
      auth: {
        username: target.user ?? 'admin',
        applicationPassword: target.appPassword ?? 'fake admin appl pass word xxxx',
      },
    });
    const batch = cms.batch();
    for (let i = 1; i <= count; i++) {
      batch.posts.create({
        title: `Demo post ${i}`,
        content: `<p>Imported by the demo (${i}).</p>`,
        status: 'publish',
      });
    }
    let lastShown = -1;
    const result = await batch.run({
      chunk: true,
      onProgress: (p) => {
        const filled = Math.round((p.done / p.total) * 30);
        if (filled !== lastShown) {
          lastShown = filled;
          process.stdout.write(`\r    [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${p.done}/${p.total}`);
        }
      },
    });
    process.stdout.write('\n');
    const created = result.outcomes.filter((o) => o.ok).length;
    if (created === count)
      report.ok(`imported ${created} posts in ${result.chunks} batch requests (${remote ? target.url : 'CMS fake'})`);
    else report.fail(`imported ${created} of ${count} posts`);

    let pages = 0;
    let seen = 0;
    const first = await cms.posts.list({ per_page: 100 });
    const total = first.total;
    for (let page: typeof first | undefined = first; page; page = await page.next()) {
      pages++;
      seen += page.items.length;
    }
    if (seen === total && total >= count) report.ok(`paged through ${seen} posts in ${pages} pages of 100`);
    else report.fail(`paging saw ${seen} of ${total} posts`);
  } finally {
    await server?.close();
  }
}
