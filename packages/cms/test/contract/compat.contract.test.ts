/**
 * The stock WordPress profile (issue 13, item 2): user code written with the spec's names works
 * on both targets. On WordPress the client runs with `compat: 'wordpress'` (targets.ts), which
 * sends the block pattern fields under WordPress's `wp_` names and refuses, before sending, the
 * fields WordPress 6.5.5 would silently ignore; on the fake (the spec's site) the same calls go
 * out as written. Every other contract scenario also runs through the profile on WordPress.
 */
import { ValidationError } from '@viewlink/cms';
import { describe, expect, it } from 'vitest';
import { clientFor, failure, targets, unique } from './targets.js';

describe.each(targets())('the spec names on $name', (target) => {
  const cms = clientFor(target);
  const onWordPress = target.name === 'wordpress';

  let fakeTerm = 4240;
  /** A pattern category term: created on WordPress; the fake keeps any id. */
  async function patternCategory(): Promise<number> {
    fakeTerm += 1;
    if (!onWordPress) return fakeTerm;
    const { data } = await cms.requestRaw<{ id: number }>({
      method: 'POST',
      path: '/wp/v2/wp_pattern_category',
      body: { name: unique('cat') },
    });
    return data.id;
  }

  it('a reusable block with pattern_category and meta.pattern_sync_status: written, read back, filtered', async () => {
    const category = await patternCategory();
    const other = await patternCategory();
    const block = await cms.blocks.create({
      title: unique('pattern'),
      content: '<!-- wp:paragraph --><p>pattern</p><!-- /wp:paragraph -->',
      status: 'publish',
      pattern_category: [category],
      meta: { pattern_sync_status: 'unsynced' },
    });
    try {
      // Written with the spec's names, read back with them: WordPress 6.5.5 answers with its own
      // (`wp_pattern_category`, a top-level `wp_pattern_sync_status`), which the profile maps back.
      const spec = { pattern_category: [category], meta: { pattern_sync_status: 'unsynced' } };
      expect(block).toMatchObject(spec);
      const read = await cms.blocks.get(block.id, { context: 'edit' });
      expect(read.pattern_category).toEqual([category]);
      expect(read.meta?.pattern_sync_status).toBe('unsynced');
      if (onWordPress)
        expect(read).toMatchObject({ wp_pattern_category: [category], wp_pattern_sync_status: 'unsynced' });
      const updated = await cms.blocks.update(block.id, { pattern_category: [other] });
      expect(updated).toMatchObject({ pattern_category: [other], meta: { pattern_sync_status: 'unsynced' } });
      const listed = await cms.blocks.list({ pattern_category: [other], status: ['publish'], context: 'edit' });
      expect(listed.items.find((b) => b.id === block.id)).toMatchObject({
        pattern_category: [other],
        meta: { pattern_sync_status: 'unsynced' },
      });
      const none = await cms.blocks.list({ pattern_category: [category], include: [block.id] });
      expect(none.items).toEqual([]);
      if (onWordPress) {
        // `_fields` by the spec's names: the profile asks under WordPress's names (with `meta`, from
        // which WordPress computes the sync status) and answers under the spec's.
        const picked = await cms.blocks.get(block.id, {
          context: 'edit',
          _fields: ['id', 'pattern_category', 'meta.pattern_sync_status'],
        });
        expect(picked).toMatchObject({
          id: block.id,
          pattern_category: [other],
          meta: { pattern_sync_status: 'unsynced' },
        });
        // WordPress's own names still work.
        const byServedName = await cms.blocks.get(block.id, { _fields: ['id', 'wp_pattern_category'] });
        expect(byServedName).toMatchObject({ id: block.id, wp_pattern_category: [other], pattern_category: [other] });
      }
      // The round trip through a batch: the updated record comes back under the spec's names too.
      const [outcome] = (
        await cms
          .batch()
          .blocks.update(block.id, { pattern_category: [category] })
          .run()
      ).outcomes;
      expect(outcome).toMatchObject({
        ok: true,
        data: { pattern_category: [category], meta: { pattern_sync_status: 'unsynced' } },
      });
    } finally {
      await cms.blocks.delete(block.id, { force: true });
      if (onWordPress) {
        for (const id of [category, other])
          await cms.requestRaw({ method: 'DELETE', path: `/wp/v2/wp_pattern_category/${id}`, query: { force: true } });
      }
    }
  });

  it('fields the target does not know are refused before sending on WordPress, sent on the spec site', async () => {
    const calls = [
      { field: 'search_semantics', call: () => cms.posts.list({ search: 'x', search_semantics: 'exact' }) },
      { field: 'excerpt_length', call: () => cms.request('GET /cms/v2/posts/{id}', { id: 1, excerpt_length: 5 }) },
      { field: 'media_type', call: () => cms.media.list({ media_type: ['image', 'video'] }) },
    ];
    for (const { field, call } of calls) {
      if (onWordPress) {
        const error = await failure(call);
        expect(error).toBeInstanceOf(ValidationError);
        expect(JSON.stringify((error as { issues?: unknown }).issues)).toContain(field);
      } else {
        // The spec's site takes them (a 404 for the missing post is the server's answer, not a refusal).
        await call().catch((error: unknown) => expect(error).not.toBeInstanceOf(ValidationError));
      }
    }
    // A one-item media_type list goes to WordPress as one value.
    await expect(cms.media.list({ media_type: ['image'], per_page: 1 })).resolves.toBeDefined();
  });
});
