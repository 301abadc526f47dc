/**
 * Real responses in every context validate (issue 13, item 3): for every content type, revision,
 * autosave and template, a record read (item and list) with `context` view, edit and embed passes
 * the client's response validation (strict by default: a mismatch throws ResponseValidationError).
 * WordPress sends PHP's empty array `[]` where an object is empty (e.g. a block's or template's
 * `meta`/`_links` in embed context); the schemas read it as `{}`. Each read also checks what
 * tells the contexts apart: `edit` carries raw fields, `view` does not.
 */
import { ResponseValidationError } from '@viewlink/cms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './png.js';
import { clientFor, targets, unique } from './targets.js';

const CONTEXTS = ['view', 'edit', 'embed'] as const;
const TEMPLATE = 'twentytwentyfour//index';

/** One read: a route key and its flat input (without `context`). */
interface Read {
  readonly name: string;
  readonly key: string;
  readonly input: Record<string, unknown>;
  /** A field whose `raw` part shows in edit context, if the route has one. */
  readonly rawField?: string;
  /** WordPress shows `raw` in view context too (reusable blocks: their title's raw is `view` and `edit`). */
  readonly rawInView?: true;
}

describe.each(targets())('every context validates on $name', (target) => {
  const cms = clientFor(target);
  const reads: Read[] = [];
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    const title = unique('ctx');
    for (const type of ['posts', 'pages', 'blocks'] as const) {
      const base = `/cms/v2/${type}`;
      const record = (await cms.request(
        `POST ${base}` as 'POST /cms/v2/posts',
        {
          title,
          content: `<!-- wp:paragraph --><p>${title}</p><!-- /wp:paragraph -->`,
          status: 'publish',
        } as never,
      )) as { id: number };
      cleanup.push(() =>
        cms.request(`DELETE ${base}/{id}` as 'DELETE /cms/v2/posts/{id}', { id: record.id, force: true }),
      );
      await cms.request(
        `POST ${base}/{id}` as 'POST /cms/v2/posts/{id}',
        { id: record.id, content: 'second' } as never,
      );
      const revisions = (await cms.request(`GET ${base}/{parent}/revisions` as 'GET /cms/v2/posts/{parent}/revisions', {
        parent: record.id,
      })) as { id: number }[];
      const autosave = (await cms.request(
        `POST ${base}/{id}/autosaves` as 'POST /cms/v2/posts/{id}/autosaves',
        {
          id: record.id,
          content: 'autosaved',
        } as never,
      )) as { id: number };
      const revision = revisions[0] as { id: number };
      const blocks = type === 'blocks' ? ({ rawInView: true } as const) : {};
      reads.push(
        { name: `${type} item`, key: `GET ${base}/{id}`, input: { id: record.id }, rawField: 'title', ...blocks },
        { name: `${type} list`, key: `GET ${base}`, input: { include: [record.id] }, rawField: 'title', ...blocks },
        {
          name: `${type} revision`,
          key: `GET ${base}/{parent}/revisions/{id}`,
          input: { parent: record.id, id: revision.id },
          rawField: 'title',
          ...blocks,
        },
        {
          name: `${type} revisions`,
          key: `GET ${base}/{parent}/revisions`,
          input: { parent: record.id },
          rawField: 'title',
          ...blocks,
        },
        {
          name: `${type} autosave`,
          key: `GET ${base}/{parent}/autosaves/{id}`,
          input: { parent: record.id, id: autosave.id },
          rawField: 'title',
          ...blocks,
        },
        {
          name: `${type} autosaves`,
          key: `GET ${base}/{id}/autosaves`,
          input: { id: record.id },
          rawField: 'title',
          ...blocks,
        },
      );
    }
    const item = (await cms.menuItems.create({ title, url: 'https://example.com/', status: 'publish' })) as {
      id: number;
    };
    cleanup.push(() => cms.menuItems.delete(item.id, { force: true }));
    const itemAutosave = (await cms.request('POST /cms/v2/menu-items/{id}/autosaves', {
      id: item.id,
      title: `${title} autosaved`,
    })) as { id: number };
    reads.push(
      { name: 'menu item', key: 'GET /cms/v2/menu-items/{id}', input: { id: item.id }, rawField: 'title' },
      { name: 'menu items', key: 'GET /cms/v2/menu-items', input: { include: [item.id] }, rawField: 'title' },
      {
        name: 'menu item autosave',
        key: 'GET /cms/v2/menu-items/{parent}/autosaves/{id}',
        input: { parent: item.id, id: itemAutosave.id },
      },
      { name: 'menu item autosaves', key: 'GET /cms/v2/menu-items/{id}/autosaves', input: { id: item.id } },
    );
    const media = await cms.media.upload(png(8, 8), { filename: `${title}.png`, contentType: 'image/png' });
    cleanup.push(() => cms.media.delete(media.id, { force: true }));
    reads.push(
      { name: 'media item', key: 'GET /cms/v2/media/{id}', input: { id: media.id }, rawField: 'title' },
      { name: 'media list', key: 'GET /cms/v2/media', input: { include: [media.id] }, rawField: 'title' },
    );
    // The first edit of a theme template makes its custom copy; the second stores a revision.
    for (const round of [1, 2]) {
      await cms.templates.update(TEMPLATE, {
        content: `<!-- wp:paragraph --><p>${title} ${round}</p><!-- /wp:paragraph -->`,
      });
    }
    const templateRevisions = (await cms.request('GET /cms/v2/templates/{template_id}/revisions', {
      template_id: TEMPLATE,
      context: 'edit',
    })) as { wp_id?: number }[];
    const templateAutosave = (await cms.request('POST /cms/v2/templates/{template_id}/autosaves', {
      template_id: TEMPLATE,
      content: `<!-- wp:paragraph --><p>${title} autosaved</p><!-- /wp:paragraph -->`,
    })) as { wp_id?: number };
    // A template revision list carries the template's string id in `id`, the revision's number in `wp_id`.
    const templateRevision = templateRevisions[0]?.wp_id as number;
    reads.push(
      { name: 'template', key: 'GET /cms/v2/templates/{template_id}', input: { template_id: TEMPLATE } },
      { name: 'templates', key: 'GET /cms/v2/templates', input: {} },
      {
        name: 'template revision',
        key: 'GET /cms/v2/templates/{template_id}/revisions/{id}',
        input: { template_id: TEMPLATE, id: templateRevision },
      },
      {
        name: 'template revisions',
        key: 'GET /cms/v2/templates/{template_id}/revisions',
        input: { template_id: TEMPLATE },
      },
      {
        name: 'template autosave',
        key: 'GET /cms/v2/templates/{template_id}/autosaves/{id}',
        input: { template_id: TEMPLATE, id: templateAutosave.wp_id },
      },
      {
        name: 'template autosaves',
        key: 'GET /cms/v2/templates/{template_id}/autosaves',
        input: { template_id: TEMPLATE },
      },
    );
  }, 120_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('covers every content type, revision, autosave and template route the server has, in all three contexts', () => {
    expect(reads.map((read) => read.name)).toHaveLength(30);
    for (const read of reads) expect(read.input).not.toHaveProperty('context');
  });

  for (const context of CONTEXTS) {
    it(`context ${context}: every record validates`, async () => {
      const failures: string[] = [];
      for (const read of reads) {
        try {
          const data = await cms.request(read.key as 'GET /cms/v2/posts/{id}', { ...read.input, context } as never);
          const records = (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
          if (records.length === 0) failures.push(`${read.name}: no record`);
          for (const record of records) {
            if (!read.rawField) continue;
            const part = record[read.rawField] as { raw?: unknown } | undefined;
            const hasRaw = part !== undefined && typeof part === 'object' && part !== null && 'raw' in part;
            if (context === 'edit' && !hasRaw) failures.push(`${read.name}: edit context without ${read.rawField}.raw`);
            if (context === 'view' && hasRaw && !read.rawInView)
              failures.push(`${read.name}: view context with ${read.rawField}.raw`);
          }
        } catch (error) {
          const issues =
            error instanceof ResponseValidationError ? JSON.stringify((error as { issues?: unknown }).issues) : '';
          failures.push(`${read.name}: ${(error as Error).name} ${(error as Error).message} ${issues}`.slice(0, 600));
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
