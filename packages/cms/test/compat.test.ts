/**
 * `compat: 'wordpress'` (core/compat.ts): the spec's names are mapped onto stock WordPress 6.5.5's
 * when a request is prepared, and fields WordPress would ignore are refused before sending. The
 * contract suite proves the same against a real WordPress; these tests pin each rule offline.
 */
import {
  blockRoutes,
  cmsRoutes,
  mediaRoutes,
  menuItemRoutes,
  pageRoutes,
  postRoutes,
  templateRoutes,
} from '@viewlink/schemas';
import { describe, expect, it } from 'vitest';
import { CmsClient } from '../src/client.js';
import { createCompat, specNamer, WORDPRESS_PAGE_RULES, WORDPRESS_POST_RULES } from '../src/core/compat.js';
import { ConfigurationError, ValidationError } from '../src/core/errors.js';
import { WORDPRESS_RULES } from '../src/core/wordpress-rules.js';
import { FIELD_RENAMES } from '../src/internal/field-renames.js';
import { WORDPRESS_BLOCK_RULES } from '../src/internal/groups/blocks.js';
import { WORDPRESS_MEDIA_RULES } from '../src/internal/groups/media.js';
import { WORDPRESS_MENU_ITEM_RULES } from '../src/internal/groups/menu-items.js';
import { WORDPRESS_TEMPLATE_RULES } from '../src/internal/groups/templates.js';
import { cmsCore, ROOT, SITE } from './helpers.js';

const stock = () => cmsCore({ baseUrl: SITE, restRoot: `${ROOT}/`, compat: 'wordpress' }, cmsRoutes).requester;
const spec = () => cmsCore({ baseUrl: SITE, restRoot: `${ROOT}/` }, cmsRoutes).requester;

function refusal(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe("compat: 'wordpress'", () => {
  it('maps namespaces to WordPress by default (cms/v2 → wp/v2), keeping explicit overrides', () => {
    expect(stock().prepare('GET /cms/v2/posts', {}).path).toBe('/wp/v2/posts');
    const custom = cmsCore(
      { baseUrl: SITE, restRoot: `${ROOT}/`, compat: 'wordpress', namespaces: { cms: 'site/v9' } },
      cmsRoutes,
    ).requester;
    expect(custom.prepare('GET /cms/v2/posts', {}).path).toBe('/site/v9/posts');
  });

  it('sends block pattern fields under WordPress names, in bodies, meta and queries', () => {
    const body = {
      title: 't',
      pattern_category: [3],
      meta: { pattern_sync_status: 'unsynced' as const, footnotes: '' },
    };
    for (const key of ['POST /cms/v2/blocks', 'POST /cms/v2/blocks/{id}/autosaves'] as const) {
      const prepared = stock().prepare(key, { params: { id: 5 }, body } as never);
      expect(prepared.json).toEqual({
        title: 't',
        wp_pattern_category: [3],
        meta: { wp_pattern_sync_status: 'unsynced', footnotes: '' },
      });
    }
    const query = stock().prepare('GET /cms/v2/blocks', {
      query: { pattern_category: [1], pattern_category_exclude: [2] },
    }).query;
    expect(query).toEqual({ wp_pattern_category: [1], wp_pattern_category_exclude: [2] });
    // Without the profile the spec's names go out as written.
    expect(spec().prepare('POST /cms/v2/blocks', { body } as never).json).toEqual(body);
  });

  it("refuses meta.pattern_sync_status '' (WordPress 6.5.5 takes only partial or unsynced)", () => {
    const error = refusal(() =>
      stock().prepare('POST /cms/v2/blocks', { body: { meta: { pattern_sync_status: '' } } } as never),
    );
    expect(error.issues[0]?.path).toEqual(['meta', 'pattern_sync_status']);
    expect(() =>
      spec().prepare('POST /cms/v2/blocks', { body: { meta: { pattern_sync_status: '' } } } as never),
    ).not.toThrow();
  });

  it('sends a one-item media_type list as its item and refuses longer lists, naming the field', () => {
    expect(stock().prepare('GET /cms/v2/media', { query: { media_type: ['image'] } }).query).toEqual({
      media_type: 'image',
    });
    const error = refusal(() => stock().prepare('GET /cms/v2/media', { query: { media_type: ['image', 'video'] } }));
    expect(error.issues[0]?.path).toEqual(['media_type']);
  });

  it('refuses fields WordPress 6.5.5 would silently ignore, naming each, and never drops them', () => {
    const cases = [
      ['GET /cms/v2/posts', { query: { search_semantics: 'exact' } }, ['search_semantics']],
      ['GET /cms/v2/posts/{id}', { params: { id: 1 }, query: { excerpt_length: 3 } }, ['excerpt_length']],
      ['POST /cms/v2/blocks', { body: { excerpt: 'x' } }, ['excerpt']],
      ['POST /cms/v2/posts', { body: { meta: { _seo_title: 'x' } } }, ['meta', '_seo_title']],
      [
        'POST /cms/v2/media/{id}/edit',
        { params: { id: 1 }, body: { src: 'https://e.x/a.png', alt_text: 'a' } },
        ['alt_text'],
      ],
      ['POST /cms/v2/templates', { body: { slug: 'x', id: 't//x' } }, ['id']],
      ['POST /cms/v2/pages/{id}/autosaves', { params: { id: 1 }, body: { parent: 2 } }, ['parent']],
    ] as const;
    for (const [key, call, path] of cases) {
      const error = refusal(() => stock().prepare(key as 'GET /cms/v2/posts', call as never));
      expect(error.issues.map((issue) => issue.path)).toEqual([path]);
      expect(error.message).toContain("compat 'wordpress'");
      // The spec's site takes the same call.
      expect(() => spec().prepare(key as 'GET /cms/v2/posts', call as never)).not.toThrow();
    }
  });

  it('asks for renamed block fields in _fields under the served names (with meta for the sync status)', () => {
    const served = stock().prepare('GET /cms/v2/blocks', {
      query: { _fields: ['id', 'pattern_category', 'meta.pattern_sync_status', 'title.rendered'] },
    });
    expect(served.query?._fields).toBe(
      'id,wp_pattern_category,wp_pattern_sync_status,title.rendered,meta.wp_pattern_sync_status',
    );
    // A whole `meta` brings the sync status WordPress moves out of it; WordPress's own names pass.
    expect(
      stock().prepare('GET /cms/v2/blocks/{id}', { params: { id: 3 }, query: { _fields: ['meta'] } }).query?._fields,
    ).toBe('meta,wp_pattern_sync_status');
    expect(
      stock().prepare('GET /cms/v2/blocks', { query: { _fields: ['id', 'wp_pattern_category'] } }).query?._fields,
    ).toBe('id,wp_pattern_category');
    // The spec site knows the spec's name.
    expect(spec().prepare('GET /cms/v2/blocks', { query: { _fields: ['pattern_category'] } }).query?._fields).toBe(
      'pattern_category',
    );
  });

  it("maps block records back to the spec's names: lists, records, a forced delete's previous, under both profiles", () => {
    const compat = createCompat('wordpress', { rules: WORDPRESS_RULES, renames: FIELD_RENAMES });
    const wp = () => ({ id: 1, wp_pattern_category: [4], wp_pattern_sync_status: 'unsynced', meta: [] as unknown });
    expect(compat?.response('GET /cms/v2/blocks/{id}', wp())).toEqual({
      ...wp(),
      pattern_category: [4],
      meta: { pattern_sync_status: 'unsynced' },
    });
    const listed = compat?.response('GET /cms/v2/blocks', [{ ...wp(), meta: { footnotes: '' } }]);
    expect(listed?.[0]).toMatchObject({
      pattern_category: [4],
      meta: { footnotes: '', pattern_sync_status: 'unsynced' },
    });
    const deleted = compat?.response('DELETE /cms/v2/blocks/{id}', { deleted: true, previous: wp() });
    expect(deleted?.previous).toMatchObject({ pattern_category: [4], meta: { pattern_sync_status: 'unsynced' } });
    // Without the served names nothing is added; other routes are left alone.
    expect(compat?.response('GET /cms/v2/blocks/{id}', { id: 1 })).toEqual({ id: 1 });
    expect(compat?.response('GET /cms/v2/posts/{id}', { id: 1, wp_pattern_category: [4] })).toEqual({
      id: 1,
      wp_pattern_category: [4],
    });
    expect(specNamer(WORDPRESS_RULES, FIELD_RENAMES)('POST /cms/v2/blocks', wp())).toMatchObject({
      pattern_category: [4],
    });
  });

  it('refuses a flip modifier on media.edit (WordPress 6.5.5 has rotate and crop), keeps rotate and crop', () => {
    const modifiers = [
      { type: 'rotate' as const, args: { angle: 90 } },
      { type: 'flip' as const, args: { flip: { horizontal: true, vertical: false } } },
    ];
    const error = refusal(() =>
      stock().prepare('POST /cms/v2/media/{id}/edit', {
        params: { id: 2 },
        body: { src: 'http://x/a.png', modifiers },
      }),
    );
    expect(error.issues).toEqual([
      { path: ['modifiers', 1, 'type'], message: expect.stringContaining('"rotate" or "crop"') },
    ]);
    const kept = stock().prepare('POST /cms/v2/media/{id}/edit', {
      params: { id: 2 },
      body: { src: 'http://x/a.png', modifiers: modifiers.slice(0, 1) },
    });
    expect(kept.json).toEqual({ src: 'http://x/a.png', modifiers: modifiers.slice(0, 1) });
    expect(
      spec().prepare('POST /cms/v2/media/{id}/edit', { params: { id: 2 }, body: { src: 'http://x/a.png', modifiers } })
        .json,
    ).toMatchObject({ modifiers });
  });

  it('refuses meta keys on media and menu items unless listed in registeredMeta; raw uploads are left alone', () => {
    for (const key of ['POST /cms/v2/media/{id}', 'POST /cms/v2/menu-items', 'POST /cms/v2/menu-items/{id}'] as const) {
      const error = refusal(() =>
        stock().prepare(key, { params: { id: 3 }, body: { title: 't', meta: { credit: 'x' } } } as never),
      );
      expect(error.issues).toEqual([{ path: ['meta', 'credit'], message: expect.stringContaining('registeredMeta') }]);
    }
    const registered = cmsCore(
      { baseUrl: SITE, restRoot: `${ROOT}/`, compat: 'wordpress', registeredMeta: { media: ['credit'] } },
      cmsRoutes,
    ).requester;
    expect(
      registered.prepare('POST /cms/v2/media/{id}', { params: { id: 3 }, body: { meta: { credit: 'x' } } }).json,
    ).toEqual({
      meta: { credit: 'x' },
    });
    expect(() =>
      registered.prepare('POST /cms/v2/menu-items', { body: { title: 't', meta: { credit: 'x' } } } as never),
    ).toThrow(ValidationError);
    // An empty meta, and the spec profile, pass.
    expect(stock().prepare('POST /cms/v2/media/{id}', { params: { id: 3 }, body: { meta: {} } }).json).toEqual({
      meta: {},
    });
    expect(
      spec().prepare('POST /cms/v2/media/{id}', { params: { id: 3 }, body: { meta: { credit: 'x' } } }).json,
    ).toEqual({
      meta: { credit: 'x' },
    });
    expect(
      () => new CmsClient({ baseUrl: SITE, compat: 'wordpress', registeredMeta: { posts: ['x'] } as never }),
    ).toThrow(ConfigurationError);
  });

  it('refuses an unknown profile name with a ConfigurationError', () => {
    expect(() => new CmsClient({ baseUrl: SITE, compat: 'wp' as 'wordpress' })).toThrow(ConfigurationError);
    expect(createCompat('spec', { rules: WORDPRESS_RULES, renames: FIELD_RENAMES })).toBeUndefined();
  });

  it('gives each route group exactly the rules of WORDPRESS_RULES that match its routes, in the same order', () => {
    for (const [table, rules] of [
      [postRoutes, WORDPRESS_POST_RULES],
      [pageRoutes, WORDPRESS_PAGE_RULES],
      [mediaRoutes, WORDPRESS_MEDIA_RULES],
      [menuItemRoutes, WORDPRESS_MENU_ITEM_RULES],
      [blockRoutes, WORDPRESS_BLOCK_RULES],
      [templateRoutes, WORDPRESS_TEMPLATE_RULES],
    ] as const) {
      for (const key of Object.keys(table)) {
        const matching = (list: readonly (typeof WORDPRESS_RULES)[number][]) => list.filter((r) => r.routes.test(key));
        expect(matching(rules), key).toEqual(matching(WORDPRESS_RULES));
      }
      // And no rule of theirs is idle (each matches a route of the group).
      for (const rule of rules) expect(Object.keys(table).some((key) => rule.routes.test(key))).toBe(true);
    }
    // Only the blocks group renames fields (it brings the renames with it); PostsClient and PagesClient are given none.
    for (const rules of [WORDPRESS_POST_RULES, WORDPRESS_PAGE_RULES, WORDPRESS_MEDIA_RULES, WORDPRESS_TEMPLATE_RULES])
      expect(rules.some((rule) => rule.fields !== undefined || rule.fieldNeeds !== undefined)).toBe(false);
    // Every rule is some group's.
    const grouped = new Set([
      ...WORDPRESS_POST_RULES,
      ...WORDPRESS_PAGE_RULES,
      ...WORDPRESS_MEDIA_RULES,
      ...WORDPRESS_MENU_ITEM_RULES,
      ...WORDPRESS_BLOCK_RULES,
      ...WORDPRESS_TEMPLATE_RULES,
    ]);
    for (const rule of WORDPRESS_RULES) expect(grouped.has(rule), String(rule.routes)).toBe(true);
  });
});
