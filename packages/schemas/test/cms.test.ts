import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  batchRequest,
  batchResponse,
  cmsError,
  cmsRoutes,
  mediaEditBody,
  menuItemRecord,
  oembedResponse,
  postRecord,
  postsQuery,
  revisionRecord,
  scalarAsList,
  siteIndex,
  templateIdParams,
  templateRecord,
} from '../src/cms/index.js';
import type { RouteTable } from '../src/route.js';

// The captured responses live in the repo (packages/cms/test/fixtures), so a fresh clone runs this.
const DIR = fileURLToPath(new URL('../../cms/test/fixtures/wordpress-6.5.5/', import.meta.url));
const load = (name: string): unknown => JSON.parse(readFileSync(`${DIR}/${name}.json`, 'utf8'));

// Fixture name -> schema of its body; every record/list fixture of the CMS routes is listed.
const FIXTURES: Record<string, z.ZodMiniType> = {
  'site-index': siteIndex,
  'post-create': postRecord,
  'post-update': postRecord,
  'post-edit-context': postRecord,
  'post-delete-trash': postRecord,
  'post-delete-force': cmsRoutes['DELETE /cms/v2/posts/{id}'].response,
  'posts-embed': postRecord,
  'posts-list-anon': z.array(postRecord),
  'posts-collection-paged': z.array(postRecord),
  'bad-app-password-public-route': z.array(postRecord),
  'pages-list': cmsRoutes['GET /cms/v2/pages'].response,
  'blocks-list': cmsRoutes['GET /cms/v2/blocks'].response,
  'block-create': cmsRoutes['POST /cms/v2/blocks'].response,
  'block-revisions': z.array(revisionRecord),
  'post-revisions': cmsRoutes['GET /cms/v2/posts/{parent}/revisions'].response,
  'post-autosaves': cmsRoutes['GET /cms/v2/posts/{id}/autosaves'].response,
  'post-autosave-create': cmsRoutes['POST /cms/v2/posts/{id}/autosaves'].response,
  'media-upload': cmsRoutes['POST /cms/v2/media'].response,
  'media-upload-multipart': cmsRoutes['POST /cms/v2/media'].response,
  'media-edit-crop': cmsRoutes['POST /cms/v2/media/{id}/edit'].response,
  'media-post-process': cmsRoutes['POST /cms/v2/media/{id}/post-process'].response,
  'menu-item-create': menuItemRecord,
  'menu-items-list': cmsRoutes['GET /cms/v2/menu-items'].response,
  'oembed-embed': oembedResponse,
  'templates-list': cmsRoutes['GET /cms/v2/templates'].response,
  'template-one': templateRecord,
  'template-update': templateRecord,
  'template-update-2': templateRecord,
  'template-autosave': cmsRoutes['POST /cms/v2/templates/{template_id}/autosaves'].response,
  'template-revisions': cmsRoutes['GET /cms/v2/templates/{template_id}/revisions'].response,
  'batch-two-posts': batchResponse,
  'batch-one-fails-normal': batchResponse,
  'batch-one-fails-require-all': batchResponse,
  'batch-exec-error-normal': batchResponse,
  'batch-not-allowed-route': batchResponse,
};

describe('real WordPress 6.5.5 fixtures', () => {
  for (const [name, schema] of Object.entries(FIXTURES)) {
    it(`${name} parses with its response schema`, () => {
      const result = z.safeParse(schema, load(name));
      expect(result.error?.issues).toBeUndefined();
    });
  }

  it('every error fixture parses as the error envelope', () => {
    const errors = readdirSync(DIR).filter(
      (f) => /^error-|-anon-401|missing-src|proxy-offline|too-many|get-not-allowed/.test(f) && f.endsWith('.json'),
    );
    expect(errors.length).toBeGreaterThan(10);
    for (const f of errors) expect(z.safeParse(cmsError, load(f.replace(/\.json$/, ''))).success, f).toBe(true);
  });

  it('unknown fields pass', () => {
    expect(z.parse(postRecord, { id: 1, brand_new: { x: 1 } })).toMatchObject({ brand_new: { x: 1 } });
  });
});

describe('queries', () => {
  it('applies defaults', () => {
    expect(z.parse(postsQuery, {})).toMatchObject({
      page: 1,
      per_page: 10,
      orderby: 'date',
      order: 'desc',
      context: 'view',
    });
    expect(z.parse(cmsRoutes['GET /cms/v2/menu-items'].query, {})).toMatchObject({
      per_page: 100,
      order: 'asc',
      orderby: 'menu_order',
    });
  });
  it('rejects per_page 0 and 101 with a path', () => {
    for (const per_page of [0, 101]) {
      const r = z.safeParse(postsQuery, { per_page });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['per_page']);
    }
    expect(z.safeParse(postsQuery, { page: 0 }).success).toBe(false);
  });
  it('takes term queries as ids or objects; exclude variants reject operator', () => {
    expect(z.parse(postsQuery, { categories: { terms: [1], include_children: true } }).categories).toEqual({
      terms: [1],
      operator: 'OR',
      include_children: true,
    });
    expect(z.safeParse(postsQuery, { tags: [1, 2] }).success).toBe(true);
    expect(z.safeParse(postsQuery, { categories_exclude: { terms: [1], operator: 'AND' } }).success).toBe(false);
  });
});

describe('array query parameters (listParam)', () => {
  it('take one value as a one-item list, and a list as it is', () => {
    const parsed = z.parse(postsQuery, {
      status: 'draft',
      categories: 5,
      tags: { terms: 7 },
      include: 3,
      author: 1,
      slug: 'a,b',
      format: 'aside',
    });
    expect(parsed).toMatchObject({
      status: ['draft'],
      categories: [5],
      tags: { terms: [7] },
      include: [3],
      author: [1],
      // Never split at commas: one value is one item.
      slug: ['a,b'],
      format: ['aside'],
    });
    expect(z.parse(postsQuery, { status: ['draft', 'publish'] }).status).toEqual(['draft', 'publish']);
    expect(z.parse(postsQuery, {}).status).toEqual(['publish']);
  });
  it('refuse a bad value at its place in the list, and what is neither a value nor a list', () => {
    const bad = z.safeParse(postsQuery, { status: 'drafts' });
    expect(bad.error?.issues.map((i) => i.path)).toEqual([['status', 0]]);
    const none = z.safeParse(postsQuery, { include: null });
    expect(none.error?.issues).toMatchObject([{ path: ['include'], message: 'must be one value or an array of them' }]);
  });
  it('every array query parameter of the CMS routes is one (only `_fields` and `_embed` take lists alone)', () => {
    const bare: string[] = [];
    /** Arrays that are not the list of a listParam, inside one field's schema. */
    const walk = (schema: z.core.$ZodType, where: string): void => {
      const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
      if (def.type === 'array') bare.push(where);
      else if (def.type === 'pipe') {
        const first = (def.in as z.core.$ZodType)._zod.def as unknown as { transform?: unknown };
        if (first.transform !== scalarAsList) walk(def.in as z.core.$ZodType, where);
      } else if ('innerType' in def) walk(def.innerType as z.core.$ZodType, where);
      else if (def.type === 'union') for (const option of def.options as z.core.$ZodType[]) walk(option, where);
      else if (def.type === 'object')
        for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>))
          walk(field, `${where}.${key}`);
    };
    let fields = 0;
    for (const [key, route] of Object.entries(cmsRoutes as RouteTable)) {
      const shape = (route.query?._zod.def as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape ?? {};
      for (const [name, field] of Object.entries(shape)) {
        fields += 1;
        if (name !== '_fields' && name !== '_embed') walk(field, `${key} ${name}`);
      }
    }
    expect(fields).toBeGreaterThan(100);
    expect(bare).toEqual([]);
  });
});

describe('template ids', () => {
  it('accepts one or two segments and rejects reserved characters', () => {
    for (const ok of ['twentytwentyfour//home', 'index'])
      expect(z.safeParse(templateIdParams, { template_id: ok }).success).toBe(true);
    for (const bad of ['a:b', 'a<b', 'a*b', 'a|b', 'a"b', 'a//b//c'])
      expect(z.safeParse(templateIdParams, { template_id: bad }).success).toBe(false);
  });
});

describe('batch', () => {
  const req = { path: '/cms/v2/posts', body: { title: 't' } };
  it('defaults validation to normal and method to POST', () => {
    expect(z.parse(batchRequest, { requests: [req] })).toEqual({
      validation: 'normal',
      requests: [{ method: 'POST', ...req }],
    });
  });
  it('rejects 26 requests and GET sub-requests', () => {
    expect(z.safeParse(batchRequest, { requests: Array(25).fill(req) }).success).toBe(true);
    expect(z.safeParse(batchRequest, { requests: Array(26).fill(req) }).success).toBe(false);
    expect(z.safeParse(batchRequest, { requests: [{ ...req, method: 'GET' }] }).success).toBe(false);
  });
});

describe('media edit', () => {
  it('requires src and at least one modifier when modifiers are given', () => {
    expect(
      z.safeParse(mediaEditBody, { src: 'http://x/a.png', modifiers: [{ type: 'rotate', args: { angle: 90 } }] })
        .success,
    ).toBe(true);
    expect(z.safeParse(mediaEditBody, { src: 'http://x/a.png', modifiers: [] }).success).toBe(false);
    expect(z.safeParse(mediaEditBody, { modifiers: [{ type: 'rotate', args: { angle: 90 } }] }).success).toBe(false);
    expect(z.safeParse(mediaEditBody, { src: 'http://x/a.png', rotation: 360 }).success).toBe(false);
  });
});

describe('cmsRoutes', () => {
  const routes = Object.values(cmsRoutes);
  it('flags batchable only on write routes of posts, pages, menu items and blocks', () => {
    for (const r of routes) {
      const expected = /^\/cms\/v2\/(posts|pages|menu-items|blocks)(\/\{id\})?$/.test(r.path) && r.method !== 'GET';
      expect(Boolean('batchable' in r && r.batchable), `${r.method} ${r.path}`).toBe(expected);
    }
  });
  it('answers 201 on creates and has unique operationIds', () => {
    expect(cmsRoutes['POST /cms/v2/posts'].successStatus).toBe(201);
    expect(cmsRoutes['POST /cms/v2/media'].rawBody).toBe(true);
    const ids = routes.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('menu item writes', () => {
  it('fills the documented defaults on create only; an update carries just what was given', () => {
    expect(z.parse(cmsRoutes['POST /cms/v2/menu-items'].body, { title: 'Home' })).toMatchObject({
      type: 'custom',
      status: 'publish',
      parent: 0,
      menu_order: 1,
      object_id: 0,
    });
    for (const key of [
      'POST /cms/v2/menu-items/{id}',
      'PUT /cms/v2/menu-items/{id}',
      'PATCH /cms/v2/menu-items/{id}',
      'POST /cms/v2/menu-items/{id}/autosaves',
    ] as const) {
      expect(z.parse(cmsRoutes[key].body, { title: 'Renamed' }), key).toEqual({ title: 'Renamed' });
    }
  });
  it('keeps the limits on updates', () => {
    const update = cmsRoutes['PATCH /cms/v2/menu-items/{id}'].body;
    expect(z.safeParse(update, { menu_order: 0 }).error?.issues[0]?.path).toEqual(['menu_order']);
    expect(z.safeParse(update, { parent: -1 }).success).toBe(false);
    expect(z.safeParse(update, { target: '_self' }).success).toBe(false);
  });
});

describe('response records', () => {
  it('type the fields real responses carry, and still let unknown ones through', () => {
    const post = z.parse(postRecord, load('post-edit-context')) as z.infer<typeof postRecord>;
    expect(post.content?.block_version).toBe(1);
    expect(Array.isArray(post.categories)).toBe(true);
    const media = z.parse(cmsRoutes['POST /cms/v2/media'].response, load('media-upload'));
    expect(media.media_type).toBe('image');
    expect(media.media_details).toBeTypeOf('object');
    const template = z.parse(templateRecord, load('template-one'));
    expect(template.id).toMatch(/\/\//);
    expect(z.safeParse(menuItemRecord, { id: 1, title: { rendered: 'x' }, invalid: 'no' }).success).toBe(false);
    expect(z.parse(revisionRecord, { id: 3, future_field: [1] })).toMatchObject({ future_field: [1] });
    // Records use the compiled object parser: same issues, same nested paths.
    const bad = z.safeParse(postRecord, { id: 'x', title: { rendered: 5 } });
    expect(bad.error?.issues.map((i) => i.path)).toEqual([['id'], ['title', 'rendered']]);
  });
});
