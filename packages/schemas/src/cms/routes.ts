/** The CMS route table: cms/v2, batch/v1, oembed/1.0 and GET /, merged with seo/v1 and forms/v1. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { type RouteDef, type RouteMethod, routeTable } from '../route.js';
import { autosaveRecord } from './autosaves.js';
import { batchRequest, batchResponse } from './batch.js';
import { blockRecord, blocksQuery, blockWrite } from './blocks.js';
import {
  contextQuery,
  deletedResponse,
  deleteQuery,
  forceDeleteQuery,
  idParams,
  itemQuery,
  parentIdParams,
  parentParams,
  templateIdParams,
  templateRevisionParams,
} from './common.js';
import { formsRoutes } from './forms/routes.js';
import { mediaEditBody, mediaPostProcessBody, mediaQuery, mediaRecord, mediaWrite } from './media.js';
import { menuItemRecord, menuItemsQuery, menuItemUpdate, menuItemWrite } from './menu-items.js';
import { oembedProxyQuery, oembedQuery, oembedResponse } from './oembed.js';
import { pageRecord, pagesQuery, pageWrite } from './pages.js';
import { postRecord, postsQuery, postWrite } from './posts.js';
import { revisionRecord, revisionsQuery } from './revisions.js';
import { seoRoutes } from './seo/routes.js';
import { namespaceIndex, namespaceIndexQuery, siteIndex, siteIndexQuery } from './site-index.js';
import { templateCreate, templateRecord, templatesQuery, templateWrite } from './templates.js';

type Def = Omit<RouteDef, 'method' | 'path'>;
type One<M extends RouteMethod, P extends string, D extends Def> = { [K in `${M} ${P}`]: D & { method: M; path: P } };

/** One route as a single-entry table, keyed `"METHOD /path"`. */
function one<const M extends RouteMethod, const P extends string, const D extends Def>(
  method: M,
  path: P,
  def: D,
): One<M, P, D> {
  return { [`${method} ${path}`]: { method, path, ...def } } as One<M, P, D>;
}

interface Resource {
  /** Singular name for operationIds, e.g. `Post`. */
  name: string;
  /** Plural name, e.g. `Posts`. */
  plural: string;
  query: z.ZodMiniType;
  itemQuery: z.ZodMiniType;
  /** Create body. */
  write: z.ZodMiniType;
  /** Update body (POST/PUT/PATCH on the item); defaults-free where `write` has defaults. */
  update?: z.ZodMiniType;
  record: z.ZodMiniType;
  listAuth: 'optional' | 'required';
  batchable: boolean;
}

/** `{ batchable: true }` for batchable resources, nothing otherwise. */
type Batchable<R extends Resource> = R['batchable'] extends true ? { batchable: true } : {};

/** Update schema of a resource: its own `update`, else its create schema. */
type UpdateOf<R extends Resource> = R['update'] extends z.ZodMiniType ? R['update'] : R['write'];

/**
 * Collection and item routes of one resource (GET/POST; GET/POST/PUT/PATCH/DELETE). Generic in
 * the resource so each route keeps its concrete schema types (clients infer inputs from them).
 */
function crud<const B extends string, const R extends Resource>(base: B, r: R) {
  const ns = 'cms' as const;
  const batch = (r.batchable ? { batchable: true } : {}) as Batchable<R>;
  const item = `${base}/{id}` as `${B}/{id}`;
  const update = (r.update ?? r.write) as UpdateOf<R>;
  const write = <const M extends 'POST' | 'PUT' | 'PATCH'>(m: M, verb: string) =>
    one(m, item, {
      operationId: `${verb}${r.name}`,
      summary: `${verb === 'patch' ? 'Partially update' : 'Update'} a ${r.name.toLowerCase()}.`,
      namespace: ns,
      params: idParams,
      body: update,
      response: r.record as R['record'],
      auth: 'required',
      ...batch,
    });
  return {
    ...one('GET', base, {
      operationId: `list${r.plural}`,
      summary: `List ${r.plural.toLowerCase()}.`,
      namespace: ns,
      query: r.query as R['query'],
      response: z.array(r.record as R['record']),
      auth: r.listAuth as R['listAuth'],
    }),
    ...one('POST', base, {
      operationId: `create${r.name}`,
      summary: `Create a ${r.name.toLowerCase()}.`,
      namespace: ns,
      body: r.write as R['write'],
      response: r.record as R['record'],
      successStatus: 201,
      auth: 'required',
      ...batch,
    }),
    ...one('GET', item, {
      operationId: `get${r.name}`,
      summary: `Get one ${r.name.toLowerCase()}.`,
      namespace: ns,
      params: idParams,
      query: r.itemQuery as R['itemQuery'],
      response: r.record as R['record'],
      auth: r.listAuth as R['listAuth'],
    }),
    ...write('POST', 'update'),
    ...write('PUT', 'replace'),
    ...write('PATCH', 'patch'),
    ...one('DELETE', item, {
      operationId: `delete${r.name}`,
      summary: `Trash a ${r.name.toLowerCase()}, or delete it with force=true.`,
      namespace: ns,
      params: idParams,
      query: deleteQuery,
      response: z.union([deletedResponse(r.record as R['record']), r.record as R['record']]),
      auth: 'required',
      ...batch,
    }),
  };
}

/** Revision routes under `{parent}`. */
function revisions<const B extends string>(base: B, name: string) {
  const list = `${base}/{parent}/revisions` as `${B}/{parent}/revisions`;
  const item = `${base}/{parent}/revisions/{id}` as `${B}/{parent}/revisions/{id}`;
  return {
    ...one('GET', list, {
      operationId: `list${name}Revisions`,
      summary: `List revisions of a ${name.toLowerCase()}.`,
      namespace: 'cms',
      params: parentParams,
      query: revisionsQuery,
      response: z.array(revisionRecord),
      auth: 'required',
    }),
    ...one('GET', item, {
      operationId: `get${name}Revision`,
      summary: `Get one revision of a ${name.toLowerCase()}.`,
      namespace: 'cms',
      params: parentIdParams,
      query: contextQuery,
      response: revisionRecord,
      auth: 'required',
    }),
    ...one('DELETE', item, {
      operationId: `delete${name}Revision`,
      summary: `Delete a revision (force=true required).`,
      namespace: 'cms',
      params: parentIdParams,
      query: forceDeleteQuery,
      response: deletedResponse(revisionRecord),
      auth: 'required',
    }),
  };
}

/** Autosave routes: list/create under `{id}`, get under `{parent}/{id}`. */
function autosaves<const B extends string, const W extends z.ZodMiniType>(base: B, name: string, write: W) {
  const list = `${base}/{id}/autosaves` as `${B}/{id}/autosaves`;
  const item = `${base}/{parent}/autosaves/{id}` as `${B}/{parent}/autosaves/{id}`;
  return {
    ...one('GET', list, {
      operationId: `list${name}Autosaves`,
      summary: `List autosaves of a ${name.toLowerCase()}.`,
      namespace: 'cms',
      params: idParams,
      query: contextQuery,
      response: z.array(autosaveRecord),
      auth: 'required',
    }),
    ...one('POST', list, {
      operationId: `create${name}Autosave`,
      summary: `Autosave a ${name.toLowerCase()}.`,
      namespace: 'cms',
      params: idParams,
      body: write,
      response: autosaveRecord,
      // WordPress 6.5.5 answers 200, not 201 (fixtures post-autosave-create, template-autosave).
      auth: 'required',
    }),
    ...one('GET', item, {
      operationId: `get${name}Autosave`,
      summary: `Get one autosave of a ${name.toLowerCase()}.`,
      namespace: 'cms',
      params: parentIdParams,
      query: contextQuery,
      response: autosaveRecord,
      auth: 'required',
    }),
  };
}

/** What posts, pages and blocks differ in; they share item query, optional list auth and batching. */
type RevisionedResource = Pick<Resource, 'name' | 'plural' | 'query' | 'write' | 'record'>;

/** Every route of a resource that keeps revisions and autosaves (posts, pages, blocks). */
function revisioned<const B extends string, const R extends RevisionedResource>(base: B, r: R) {
  return {
    ...crud(base, { ...r, itemQuery, listAuth: 'optional', batchable: true }),
    ...revisions(base, r.name),
    // Explicit: inferred from `r.write`, W widens to ZodMiniType and the autosave body loses its type.
    ...autosaves<B, R['write']>(base, r.name, r.write),
  };
}

/**
 * The posts routes alone, so a client of posts only (`PostsClient`) bundles none of the other
 * routes' schemas. Part of {@link cmsRoutes}.
 */
export const postRoutes: T.PostRoutes = /* @__PURE__ */ lazy(() =>
  revisioned('/cms/v2/posts', {
    name: 'Post',
    plural: 'Posts',
    query: postsQuery,
    write: postWrite,
    record: postRecord,
  }),
);

/** The pages routes alone, for a client of pages only (`PagesClient`). Part of {@link cmsRoutes}. */
export const pageRoutes: T.PageRoutes = /* @__PURE__ */ lazy(() =>
  revisioned('/cms/v2/pages', {
    name: 'Page',
    plural: 'Pages',
    query: pagesQuery,
    write: pageWrite,
    record: pageRecord,
  }),
);

const TPL = '/cms/v2/templates/{template_id}';

/** The site index and the cms/v2 namespace index (`GET /`, `GET /cms/v2`). Part of {@link cmsRoutes}. */
export const siteRoutes: T.SiteRoutes = /* @__PURE__ */ lazy(() => ({
  ...one('GET', '/', {
    operationId: 'getSiteIndex',
    summary: 'Site index: namespaces, routes, authentication.',
    query: siteIndexQuery,
    response: siteIndex,
    auth: 'none',
  }),
  ...one('GET', '/cms/v2', {
    operationId: 'getCmsNamespace',
    summary: 'cms/v2 namespace index.',
    namespace: 'cms',
    query: namespaceIndexQuery,
    response: namespaceIndex,
    auth: 'none',
  }),
}));

/** `POST /batch/v1`: up to 25 writes in one request. Part of {@link cmsRoutes}. */
export const batchRoutes: T.BatchRoutes = /* @__PURE__ */ lazy(() => ({
  ...one('POST', '/batch/v1', {
    operationId: 'runBatch',
    summary: 'Run up to 25 write requests in one call (answers 207).',
    namespace: 'batch',
    body: batchRequest,
    response: batchResponse,
    successStatus: 207,
    // WordPress lets anyone post a batch and checks each sub-request's own permission (207 with their 401s).
    auth: 'optional',
  }),
}));

/** oembed/1.0: its namespace index, `embed` and `proxy`. Part of {@link cmsRoutes}. */
export const oembedRoutes: T.OembedRoutes = /* @__PURE__ */ lazy(() => ({
  ...one('GET', '/oembed/1.0', {
    operationId: 'getOembedNamespace',
    summary: 'oembed/1.0 namespace index.',
    namespace: 'oembed',
    query: namespaceIndexQuery,
    response: namespaceIndex,
    auth: 'none',
  }),
  ...one('GET', '/oembed/1.0/embed', {
    operationId: 'getOembed',
    summary: 'Embed data for a URL of this site.',
    namespace: 'oembed',
    query: oembedQuery,
    response: oembedResponse,
    auth: 'none',
  }),
  ...one('GET', '/oembed/1.0/proxy', {
    operationId: 'getOembedProxy',
    summary: 'Embed data for an external URL (needs login and outbound HTTP).',
    namespace: 'oembed',
    query: oembedProxyQuery,
    response: oembedResponse,
    auth: 'required',
  }),
}));

/** The media routes (uploads, edit, post-process). Part of {@link cmsRoutes}. */
export const mediaRoutes: T.MediaRoutes = /* @__PURE__ */ lazy(() => ({
  ...crud('/cms/v2/media', {
    name: 'Media',
    plural: 'MediaItems',
    query: mediaQuery,
    itemQuery: contextQuery,
    write: mediaWrite,
    record: mediaRecord,
    listAuth: 'optional',
    batchable: false,
  }),
  // Uploads send the file as the raw body (Content-Disposition names it), so the generic POST is replaced.
  ...one('POST', '/cms/v2/media', {
    operationId: 'createMedia',
    summary: 'Upload a file (raw body with Content-Disposition, or multipart `file`).',
    namespace: 'cms',
    response: mediaRecord,
    successStatus: 201,
    auth: 'required',
    rawBody: true,
  }),
  ...one('POST', '/cms/v2/media/{id}/edit', {
    operationId: 'editMedia',
    summary: 'Flip, rotate or crop an image into a new attachment.',
    namespace: 'cms',
    params: idParams,
    body: mediaEditBody,
    response: mediaRecord,
    successStatus: 201,
    auth: 'required',
  }),
  ...one('POST', '/cms/v2/media/{id}/post-process', {
    operationId: 'postProcessMedia',
    summary: 'Create missing image sub-sizes after an upload.',
    namespace: 'cms',
    params: idParams,
    body: mediaPostProcessBody,
    response: mediaRecord,
    auth: 'required',
  }),
}));

/** The menu item routes, with their autosaves. Part of {@link cmsRoutes}. */
export const menuItemRoutes: T.MenuItemRoutes = /* @__PURE__ */ lazy(() => ({
  ...crud('/cms/v2/menu-items', {
    name: 'MenuItem',
    plural: 'MenuItems',
    query: menuItemsQuery,
    itemQuery: contextQuery,
    write: menuItemWrite,
    update: menuItemUpdate,
    record: menuItemRecord,
    listAuth: 'required',
    batchable: true,
  }),
  ...autosaves('/cms/v2/menu-items', 'MenuItem', menuItemUpdate),
}));

/** The reusable block routes, with revisions and autosaves. Part of {@link cmsRoutes}. */
export const blockRoutes: T.BlockRoutes = /* @__PURE__ */ lazy(() => ({
  ...revisioned('/cms/v2/blocks', {
    name: 'Block',
    plural: 'Blocks',
    query: blocksQuery,
    write: blockWrite,
    record: blockRecord,
  }),
}));

/** The template routes (`theme//slug` ids), with revisions and autosaves. Part of {@link cmsRoutes}. */
export const templateRoutes: T.TemplateRoutes = /* @__PURE__ */ lazy(() => ({
  // Templates: the spec gives revisions and autosaves; collection and item routes come from real WordPress.
  ...one('GET', '/cms/v2/templates', {
    operationId: 'listTemplates',
    summary: 'List templates.',
    namespace: 'cms',
    query: templatesQuery,
    response: z.array(templateRecord),
    auth: 'required',
  }),
  ...one('GET', TPL, {
    operationId: 'getTemplate',
    summary: 'Get one template by `theme//slug` id.',
    namespace: 'cms',
    params: templateIdParams,
    query: contextQuery,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('POST', TPL, {
    operationId: 'updateTemplate',
    summary: 'Update a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('POST', '/cms/v2/templates', {
    operationId: 'createTemplate',
    summary: 'Create a template.',
    namespace: 'cms',
    body: templateCreate,
    response: templateRecord,
    successStatus: 201,
    auth: 'required',
  }),
  ...one('PUT', TPL, {
    operationId: 'replaceTemplate',
    summary: 'Update a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('PATCH', TPL, {
    operationId: 'patchTemplate',
    summary: 'Partially update a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('DELETE', TPL, {
    operationId: 'deleteTemplate',
    summary: 'Trash a template customisation, or delete it with force=true.',
    namespace: 'cms',
    params: templateIdParams,
    query: deleteQuery,
    response: z.union([deletedResponse(templateRecord), templateRecord]),
    auth: 'required',
  }),
  ...one('GET', `${TPL}/revisions`, {
    operationId: 'listTemplateRevisions',
    summary: 'List revisions of a template.',
    namespace: 'cms',
    params: templateIdParams,
    query: revisionsQuery,
    response: z.array(templateRecord),
    auth: 'required',
  }),
  ...one('GET', `${TPL}/revisions/{id}`, {
    operationId: 'getTemplateRevision',
    summary: 'Get one revision of a template.',
    namespace: 'cms',
    params: templateRevisionParams,
    query: contextQuery,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('DELETE', `${TPL}/revisions/{id}`, {
    operationId: 'deleteTemplateRevision',
    summary: 'Delete a template revision (force=true required).',
    namespace: 'cms',
    params: templateRevisionParams,
    query: forceDeleteQuery,
    response: deletedResponse(templateRecord),
    auth: 'required',
  }),
  ...one('GET', `${TPL}/autosaves`, {
    operationId: 'listTemplateAutosaves',
    summary: 'List autosaves of a template.',
    namespace: 'cms',
    params: templateIdParams,
    query: contextQuery,
    response: z.array(templateRecord),
    auth: 'required',
  }),
  // Not in the spec's table, but served by WordPress 6.5.5 (site index): completes list/create/get.
  ...one('GET', `${TPL}/autosaves/{id}`, {
    operationId: 'getTemplateAutosave',
    summary: 'Get one autosave of a template.',
    namespace: 'cms',
    params: templateRevisionParams,
    query: contextQuery,
    response: templateRecord,
    auth: 'required',
  }),
  ...one('POST', `${TPL}/autosaves`, {
    operationId: 'createTemplateAutosave',
    summary: 'Autosave a template.',
    namespace: 'cms',
    params: templateIdParams,
    body: templateWrite,
    response: templateRecord,
    // 200, as WordPress 6.5.5 answers (fixture template-autosave).
    auth: 'required',
  }),
}));

/** Every CMS route: cms/v2, batch/v1, oembed/1.0, GET /, seo/v1 and forms/v1. */
export const cmsRoutes: T.CmsRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    ...siteRoutes,
    ...batchRoutes,
    ...oembedRoutes,
    ...postRoutes,
    ...pageRoutes,
    ...mediaRoutes,
    ...menuItemRoutes,
    ...blockRoutes,
    ...templateRoutes,
    ...seoRoutes,
    ...formsRoutes,
  }),
);
/** Type of the CMS route table. */
export type { CmsRoutes } from '../generated/types.js';
