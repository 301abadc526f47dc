/**
 * TanStack Query 5 options of `@viewlink/cms/query` (the entry point's documentation says what
 * they are): query keys, query and infinite-query options per read, invalidation after writes.
 */
import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core';
import { refuseUnknownClientOptions } from '@viewlink/transport';
import type { BatchOutcome } from '../batch/types.js';
import type { CmsClient } from '../client.js';
import type { ViewlinkError } from '../core/errors.js';
import type { Page, PagePromise } from '../core/pagination.js';
import type { RouteInput, RouteOutput } from '../core/route-request.js';
import type { CmsRouteKey, CmsRoutes } from '../core/routes.js';
import type { ListAutosaves } from '../resources/autosaves.js';
import type { ContentShapes, GetRecord, ListRecords } from '../resources/content.js';
import type { GetRevision, ListRevisions, RevisionReadShapes } from '../resources/revisions.js';

/** Route keys of the table's reads (`GET ...`): seo/v1 and forms/v1 included. */
export type CmsReadKey = Extract<CmsRouteKey, `GET ${string}`>;

/** Argument `I` of method `F` (for a generic method, its widest form: any context, fields, embeds). */
type Arg<F, I extends number> = F extends (...args: infer A) => unknown ? A[I] : never;

/** The first element of every query key of this module. */
export const CMS_QUERY_ROOT = '@viewlink/cms';

/** Resources with `list`/`get` (and, for some, revisions and autosaves). */
export type CmsQueryResource = 'posts' | 'pages' | 'blocks' | 'media' | 'menuItems' | 'templates';

/** One page of a collection as query data: plain and serializable (dehydrates for SSR), unlike {@link Page}. */
export interface CmsPageData<T> {
  /** The records of this page. */
  readonly items: T[];
  /** Page number (1-based). */
  readonly page: number;
  /** Records in the whole collection (`X-WP-Total`), when the server said. */
  readonly total: number | undefined;
  /** Pages in the whole collection (`X-WP-TotalPages`), when the server said. */
  readonly totalPages: number | undefined;
  /** The next page's number, if there is one. */
  readonly nextPage: number | undefined;
  /** The previous page's number, if there is one. */
  readonly prevPage: number | undefined;
}

/** Options of a plain query, as `queryOptions` returns them: the key carries the data type. */
export interface CmsQueryOptions<T, K extends readonly unknown[] = readonly unknown[]> {
  /** The query key, tagged with the data and error types. */
  readonly queryKey: DataTag<K, T, ViewlinkError>;
  /** Reads the data; aborts with TanStack's signal. */
  readonly queryFn: (context: QueryFunctionContext<K>) => Promise<T>;
}

/** Options of an infinite query over a collection's pages, as `infiniteQueryOptions` returns them. */
export interface CmsInfiniteQueryOptions<T, K extends readonly unknown[] = readonly unknown[]> {
  /** The query key, tagged with the data and error types. */
  readonly queryKey: DataTag<K, InfiniteData<CmsPageData<T>, number>, ViewlinkError>;
  /** Reads one page. */
  readonly queryFn: (context: QueryFunctionContext<K, number>) => Promise<CmsPageData<T>>;
  /** Page 1. */
  readonly initialPageParam: number;
  /** The next page's number from the last page's `Link` header, or `undefined` at the end. */
  readonly getNextPageParam: (lastPage: CmsPageData<T>) => number | undefined;
  /** The previous page's number, or `undefined` at the start. */
  readonly getPreviousPageParam: (firstPage: CmsPageData<T>) => number | undefined;
}

/** The query keys of one site (every key starts with `[CMS_QUERY_ROOT, site]`). */
export interface CmsQueryKeys {
  /** Every query of the site: invalidate it after a batch or anything broad. */
  readonly all: readonly [typeof CMS_QUERY_ROOT, string];
  /** Every query of one resource. */
  resource(resource: CmsQueryResource): readonly unknown[];
  /** Every list of a resource (plain and infinite, any query). */
  lists(resource: CmsQueryResource): readonly unknown[];
  /** One list. */
  list(resource: CmsQueryResource, query: object | undefined): readonly unknown[];
  /** One infinite list. */
  infinite(resource: CmsQueryResource, query: object | undefined): readonly unknown[];
  /** Everything about one record: its reads with any query, its revisions and autosaves. */
  item(resource: CmsQueryResource, id: number | string): readonly unknown[];
  /** One read of one record. */
  get(resource: CmsQueryResource, id: number | string, query: object | undefined): readonly unknown[];
  /** A list of a record's revisions or autosaves. */
  childList(
    resource: CmsQueryResource,
    parent: number | string,
    kind: 'revisions' | 'autosaves',
    query: object | undefined,
  ): readonly unknown[];
  /** One revision or autosave. */
  childGet(
    resource: CmsQueryResource,
    parent: number | string,
    kind: 'revisions' | 'autosaves',
    id: number,
    query: object | undefined,
  ): readonly unknown[];
}

/** The query keys of the site at `site` (a base URL, as the client's `toJSON().baseUrl` gives it). */
export function cmsQueryKeys(site: string): CmsQueryKeys {
  const all = [CMS_QUERY_ROOT, site] as const;
  const item = (resource: CmsQueryResource, id: number | string) => [...all, resource, 'item', id];
  return {
    all,
    resource: (resource) => [...all, resource],
    lists: (resource) => [...all, resource, 'list'],
    list: (resource, query) => [...all, resource, 'list', query ?? {}],
    infinite: (resource, query) => [...all, resource, 'list', 'infinite', query ?? {}],
    item,
    get: (resource, id, query) => [...item(resource, id), 'get', query ?? {}],
    childList: (resource, parent, kind, query) => [...item(resource, parent), kind, 'list', query ?? {}],
    childGet: (resource, parent, kind, id, query) => [...item(resource, parent), kind, 'get', id, query ?? {}],
  };
}

/** The plain data of a page. */
function pageData<T>(page: Page<T>): CmsPageData<T> {
  const { items, page: number, total, totalPages, nextPage, prevPage } = page;
  return { items, page: number, total, totalPages, nextPage, prevPage };
}

function plain<T>(key: readonly unknown[], read: (signal: AbortSignal) => PromiseLike<T>): CmsQueryOptions<T> {
  return {
    queryKey: key as DataTag<readonly unknown[], T, ViewlinkError>,
    queryFn: async ({ signal }) => read(signal),
  };
}

function listed<T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => PromiseLike<Page<T>>,
): CmsQueryOptions<CmsPageData<T>> {
  return plain(key, async (signal) => pageData(await read(signal)));
}

function infinite<T>(
  key: readonly unknown[],
  read: (page: number, signal: AbortSignal) => PromiseLike<Page<T>>,
): CmsInfiniteQueryOptions<T> {
  return {
    queryKey: key as DataTag<readonly unknown[], InfiniteData<CmsPageData<T>, number>, ViewlinkError>,
    queryFn: async ({ pageParam, signal }) => pageData(await read(pageParam, signal)),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
    getPreviousPageParam: (first) => first.prevPage,
  };
}

/** A read's query as its key holds it (a missing one is `{}` there). */
type Query = object | undefined;

/** What a factory hands the client's method: TanStack's signal. */
type Signal = { readonly signal: AbortSignal };

/*
 * The factories below take the client's own (generic) method and return a function of the same
 * arguments, minus the call options. TypeScript carries the method's type parameters (`context`,
 * `_fields`, `_embed`) over to the returned function, so `list({ context: 'edit' })` gives
 * edit-context records and `get(id, { _fields: ['id'] })` exactly those fields, as the method does.
 */

/** `list(query)` of a list method: one page as plain data. */
function listOf<Q, T>(
  key: (query: Query) => readonly unknown[],
  list: (query?: Q, options?: Signal) => PagePromise<T>,
): (query?: Q) => CmsQueryOptions<CmsPageData<T>> {
  return (query) => listed(key(query ?? undefined), (signal) => list(query, { signal }));
}

/** `infinite(query)` of a list method: its pages, `page` being the query's page param. */
function infiniteOf<Q, T>(
  key: (query: Query) => readonly unknown[],
  list: (query?: Q, options?: Signal) => PagePromise<T>,
): (query?: Q & { readonly page?: never }) => CmsInfiniteQueryOptions<T> {
  // The query with its page: a `Q` (the method's own query type, which takes `page`).
  return (query) => infinite(key(query ?? undefined), (page, signal) => list({ ...query, page } as Q, { signal }));
}

/** `list(query)` of an unpaginated read (templates) or `index(query)`. */
function queryOf<Q, T>(
  key: (query: Query) => readonly unknown[],
  read: (query?: Q, options?: Signal) => PromiseLike<T>,
): (query?: Q) => CmsQueryOptions<T> {
  return (query) => plain(key(query ?? undefined), (signal) => read(query, { signal }));
}

/** `get(id, query)` of an item read (or `list(parent, query)` of an unpaginated one). */
function readOf<I extends number | string, Q, T>(
  key: (id: number | string, query: Query) => readonly unknown[],
  read: (id: I, query?: Q, options?: Signal) => PromiseLike<T>,
): (id: I, query?: Q) => CmsQueryOptions<T> {
  return (id, query) => plain(key(id, query ?? undefined), (signal) => read(id, query, { signal }));
}

/** `list(parent, query)` of a paginated child list (revisions). */
function childListOf<I extends number | string, Q, T>(
  key: (parent: number | string, query: Query) => readonly unknown[],
  list: (parent: I, query?: Q, options?: Signal) => PagePromise<T>,
): (parent: I, query?: Q) => CmsQueryOptions<CmsPageData<T>> {
  return (parent, query) => listed(key(parent, query ?? undefined), (signal) => list(parent, query, { signal }));
}

/** `get(parent, id, query)` of a child read (a revision or an autosave). */
function childGetOf<I extends number | string, Q, T>(
  key: (parent: number | string, id: number, query: Query) => readonly unknown[],
  read: (parent: I, id: number, query?: Q, options?: Signal) => PromiseLike<T>,
): (parent: I, id: number, query?: Q) => CmsQueryOptions<T> {
  return (parent, id, query) =>
    plain(key(parent, id, query ?? undefined), (signal) => read(parent, id, query, { signal }));
}

/*
 * One builder per shape of reads. Each takes the resource's methods typed by their call-signature
 * interfaces (`ListRecords<PostShapes>`...), so the factories above carry the methods' type
 * parameters over and `cmsQueries(cms).posts.get` is as precise as `cms.posts.get`.
 */

/** `list`, `infinite` and `get` of a paginated resource (posts, pages, blocks, media, menu items). */
function recordQueries<S extends ContentShapes>(
  keys: CmsQueryKeys,
  resource: CmsQueryResource,
  methods: { readonly list: ListRecords<S>; readonly get: GetRecord<S> },
) {
  return {
    /** One page of records as plain data (`CmsPageData`), typed by `context`, `_fields` and `_embed` as the client's `list()`. */
    list: listOf((query: Query) => keys.list(resource, query), methods.list),
    /** Every page of records, for `useInfiniteQuery` (`page` is the page param). */
    infinite: infiniteOf((query: Query) => keys.infinite(resource, query), methods.list),
    /** A record by id, typed by `context`, `_fields` and `_embed` as the client's `get()`. */
    get: readOf((id: number | string, query: Query) => keys.get(resource, id, query), methods.get),
  };
}

/** `list` and `get` of a record's revisions (posts, pages, blocks, templates). */
function revisionQueries<P extends number | string, S extends RevisionReadShapes>(
  keys: CmsQueryKeys,
  resource: CmsQueryResource,
  revisions: { readonly list: ListRevisions<P, S>; readonly get: GetRevision<P, S> },
) {
  return {
    /** The revisions of a record (one page as plain data, `CmsPageData`), as the client's `revisions.list()`. */
    list: childListOf(
      (parent: number | string, query: Query) => keys.childList(resource, parent, 'revisions', query),
      revisions.list,
    ),
    /** One revision of a record, typed by `context`, `_fields` and `_embed` as the client's `revisions.get()`. */
    get: childGetOf(
      (parent: number | string, id: number, query: Query) => keys.childGet(resource, parent, 'revisions', id, query),
      revisions.get,
    ),
  };
}

/** `list` and `get` of a record's autosaves (posts, pages, blocks, menu items, templates). */
function autosaveQueries<P extends number | string, S extends RevisionReadShapes>(
  keys: CmsQueryKeys,
  resource: CmsQueryResource,
  autosaves: { readonly list: ListAutosaves<P, S>; readonly get: GetRevision<P, S> },
) {
  return {
    /** The autosaves of a record (one per user, unpaginated), as the client's `autosaves.list()`. */
    list: readOf(
      (parent: number | string, query: Query) => keys.childList(resource, parent, 'autosaves', query),
      autosaves.list,
    ),
    /** One autosave of a record, typed by `context`, `_fields` and `_embed` as the client's `autosaves.get()`. */
    get: childGetOf(
      (parent: number | string, id: number, query: Query) => keys.childGet(resource, parent, 'autosaves', id, query),
      autosaves.get,
    ),
  };
}

/** Options of a client's reads, by resource; see {@link cmsQueries}. */
export type CmsQueries = ReturnType<typeof cmsQueries>;

/** Where a {@link cmsQueries} factory keys its queries. */
export interface CmsQueriesOptions {
  /** The site part of every key. Default: the client's base URL. */
  readonly site?: string | undefined;
}

/** The names of {@link CmsQueriesOptions} (the compiler keeps the list complete). */
const CMS_QUERIES_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  site: true,
} satisfies { readonly [Name in keyof Required<CmsQueriesOptions>]: true });

/**
 * TanStack Query options for every read of `cms`: `list` (one page, `CmsPageData`), `infinite`
 * (every page through `useInfiniteQuery`), `get`, `revisions.list/get` (posts, pages, blocks,
 * templates), `autosaves.list/get` (posts, pages, blocks, menu items, templates),
 * `oembed.embed/proxy`, `site.index`, and any other read of the route table by key with
 * `request(key, input)` (seo/v1, forms/v1). Each read goes through the client as its method does (validation, the
 * server profile, errors), aborted by TanStack's signal.
 *
 * ```ts
 * const queries = cmsQueries(cms);
 * const { data } = useQuery(queries.posts.list({ per_page: 10 }));
 * const feed = useInfiniteQuery(queries.posts.infinite({ per_page: 10 }));
 * ```
 * @throws ConfigurationError for options that are not an object or hold a name other than `site`
 *   (a misspelt `sites` would key every query by the client's base URL).
 */
export function cmsQueries(cms: CmsClient, options?: CmsQueriesOptions) {
  if (options !== undefined) refuseUnknownClientOptions(options, CMS_QUERIES_OPTION_NAMES, 'cmsQueries()');
  const keys = cmsQueryKeys(options?.site ?? String(cms.toJSON().baseUrl));
  const { posts, pages, blocks, media, menuItems, templates } = cms;
  return {
    /** The keys these options use. */
    keys,
    posts: {
      ...recordQueries(keys, 'posts', posts),
      revisions: revisionQueries(keys, 'posts', posts.revisions),
      autosaves: autosaveQueries(keys, 'posts', posts.autosaves),
    },
    pages: {
      ...recordQueries(keys, 'pages', pages),
      revisions: revisionQueries(keys, 'pages', pages.revisions),
      autosaves: autosaveQueries(keys, 'pages', pages.autosaves),
    },
    blocks: {
      ...recordQueries(keys, 'blocks', blocks),
      revisions: revisionQueries(keys, 'blocks', blocks.revisions),
      autosaves: autosaveQueries(keys, 'blocks', blocks.autosaves),
    },
    media: recordQueries(keys, 'media', media),
    menuItems: {
      ...recordQueries(keys, 'menuItems', menuItems),
      autosaves: autosaveQueries(keys, 'menuItems', menuItems.autosaves),
    },
    templates: {
      /** The templates (one unpaginated list), typed as `cms.templates.list()`. */
      list: queryOf((query: Query) => keys.list('templates', query), templates.list),
      /** A template by its `theme//slug` id, typed by `context`, `_fields` and `_embed` as `cms.templates.get()`. */
      get: readOf((id: number | string, query: Query) => keys.get('templates', id, query), templates.get),
      revisions: revisionQueries(keys, 'templates', templates.revisions),
      autosaves: autosaveQueries(keys, 'templates', templates.autosaves),
    },
    oembed: {
      embed: (query: Arg<CmsClient['oembed']['embed'], 0>) =>
        plain([...keys.all, 'oembed', 'embed', query], (signal) => cms.oembed.embed(query, { signal })),
      proxy: (query: Arg<CmsClient['oembed']['proxy'], 0>) =>
        plain([...keys.all, 'oembed', 'proxy', query], (signal) => cms.oembed.proxy(query, { signal })),
    },
    /**
     * Any read of the route table by key, e.g. seo/v1 and forms/v1:
     * `request('GET /seo/v1/get_head', { url })`. Key `[root, site, 'request', key, input]`.
     */
    request: <K extends CmsReadKey>(key: K, input?: RouteInput<CmsRoutes[K]>) =>
      plain<RouteOutput<CmsRoutes[K]>>([...keys.all, 'request', key, input ?? {}], async (signal) => {
        // `split` reads the route: its group (seo, forms, ...) is loaded first.
        await cms.routes.load(key);
        const response = await cms.routes.call(key, cms.routes.split(key, input ?? {}), { signal });
        return response.data;
      }),
    site: {
      index: (query?: Arg<CmsClient['site']['index'], 0>) =>
        plain([...keys.all, 'site', 'index', query ?? {}], (signal) => cms.site.index(query, { signal })),
    },
  };
}

/** What the invalidation helpers need of a `QueryClient` (any TanStack Query 5 adapter's). */
export interface InvalidatingQueryClient {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown>;
}

/**
 * Invalidates what a write to one record changes: every list of the resource, and everything
 * read about the record (its reads, revisions and autosaves). Omit `id` after a create.
 */
export function invalidateAfterWrite(
  queryClient: InvalidatingQueryClient,
  keys: CmsQueryKeys,
  resource: CmsQueryResource,
  id?: number | string,
): Promise<unknown> {
  const done = [queryClient.invalidateQueries({ queryKey: keys.lists(resource) })];
  if (id !== undefined) done.push(queryClient.invalidateQueries({ queryKey: keys.item(resource, id) }));
  return Promise.all(done);
}

const BATCH_RESOURCES: Readonly<Record<string, CmsQueryResource>> = {
  posts: 'posts',
  pages: 'pages',
  blocks: 'blocks',
  'menu-items': 'menuItems',
};

/**
 * Invalidates what a batch changed: for every operation that ran (succeeded), the lists of its
 * resource and the record it wrote (by the id in its path, or of the record it created).
 */
export async function invalidateAfterBatch(
  queryClient: InvalidatingQueryClient,
  keys: CmsQueryKeys,
  result: { readonly outcomes: readonly BatchOutcome[] },
): Promise<void> {
  const seen = new Set<string>();
  const done: Promise<unknown>[] = [];
  for (const outcome of result.outcomes) {
    if (!outcome.ok) continue;
    const resource = BATCH_RESOURCES[/^\w+ \/cms\/v2\/([\w-]+)/.exec(outcome.key)?.[1] ?? ''];
    if (!resource) continue;
    const data: { id?: unknown; previous?: { id?: unknown } } | undefined = outcome.data;
    const id = data?.previous?.id ?? data?.id;
    if (!seen.has(resource)) {
      seen.add(resource);
      done.push(queryClient.invalidateQueries({ queryKey: keys.lists(resource) }));
    }
    if ((typeof id === 'number' || typeof id === 'string') && !seen.has(`${resource}#${id}`)) {
      seen.add(`${resource}#${id}`);
      done.push(queryClient.invalidateQueries({ queryKey: keys.item(resource, id) }));
    }
  }
  await Promise.all(done);
}
