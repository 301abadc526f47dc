/** How the CMS route tables are built: one route, a resource's CRUD routes, revisions, autosaves. */
import * as z from 'zod/mini';
import { autosaveRecord } from '../cms/autosaves.js';
import {
  contextQuery,
  deletedResponse,
  deleteQuery,
  forceDeleteQuery,
  idParams,
  itemQuery,
  parentIdParams,
  parentParams,
} from '../cms/common.js';
import { revisionRecord, revisionsQuery } from '../cms/revisions.js';
import type { RouteDef, RouteMethod } from '../route.js';

type Def = Omit<RouteDef, 'method' | 'path'>;
type One<M extends RouteMethod, P extends string, D extends Def> = { [K in `${M} ${P}`]: D & { method: M; path: P } };

/** One route as a single-entry table, keyed `"METHOD /path"`. */
export function one<const M extends RouteMethod, const P extends string, const D extends Def>(
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
export function crud<const B extends string, const R extends Resource>(base: B, r: R) {
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
export function autosaves<const B extends string, const W extends z.ZodMiniType>(base: B, name: string, write: W) {
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
export function revisioned<const B extends string, const R extends RevisionedResource>(base: B, r: R) {
  return {
    ...crud(base, { ...r, itemQuery, listAuth: 'optional', batchable: true }),
    ...revisions(base, r.name),
    // Explicit: inferred from `r.write`, W widens to ZodMiniType and the autosave body loses its type.
    ...autosaves<B, R['write']>(base, r.name, r.write),
  };
}
