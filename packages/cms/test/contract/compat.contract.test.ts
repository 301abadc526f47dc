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
      // WordPress 6.5.5 answers with its own names; the record schema reads both spellings.
      expect(block).toMatchObject({ wp_pattern_category: [category], wp_pattern_sync_status: 'unsynced' });
      const updated = await cms.blocks.update(block.id, { pattern_category: [other] });
      expect(updated).toMatchObject({ wp_pattern_category: [other] });
      const listed = await cms.blocks.list({ pattern_category: [other], status: ['publish'] });
      expect(listed.items.map((b) => b.id)).toContain(block.id);
      const none = await cms.blocks.list({ pattern_category: [category], include: [block.id] });
      expect(none.items).toEqual([]);
      // `_fields` picks the name the server answers with; on WordPress the spec's name would come
      // back missing, so the profile refuses it before sending.
      const picked = await cms.blocks.get(block.id, { _fields: ['id', 'wp_pattern_category'] });
      expect(picked).toEqual({ id: block.id, wp_pattern_category: [other] });
      if (onWordPress) {
        const refused = await failure(() => cms.blocks.get(block.id, { _fields: ['pattern_category'] }));
        expect(refused).toBeInstanceOf(ValidationError);
        expect((refused as unknown as ValidationError).issues[0]?.path).toEqual(['_fields', 0]);
      }
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
