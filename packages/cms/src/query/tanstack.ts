/**
 * TanStack Query 5 options of `@viewlink/cms/query` (the entry point's documentation says what
 * they are): query keys, query and infinite-query options per read, invalidation after writes.
 */
import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core';
import { refuseUnknownClientOptions } from '@viewlink/transport';
import type { BatchOutcome } from '../batch/types.js';
import type { CmsClient } from '../client.js';
import type { ViewlinkError } from '../core/errors.js';
import type { Page } from '../core/pagination.js';
import type { RouteInput, RouteOutput } from '../core/route-request.js';
import type { CmsRouteKey, CmsRoutes } from '../core/routes.js';

/** Route keys of the table's reads (`GET ...`): seo/v1 and forms/v1 included. */
export type CmsReadKey = Extract<CmsRouteKey, `GET ${string}`>;

/** Argument `I` of method `F` (for a generic method, its widest form: any context, fields, embeds). */
type Arg<F, I extends number> = F extends (...args: infer A) => unknown ? A[I] : never;
/** A list query without `page`, which an infinite query sets itself. */
type NoPage<Q> = Omit<NonNullable<Q>, 'page'>;

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
      list: (query?: Arg<CmsClient['posts']['list'], 0>) =>
        listed(keys.list('posts', query), (signal) => posts.list(query, { signal })),
      infinite: (query?: NoPage<Arg<CmsClient['posts']['list'], 0>>) =>
        infinite(keys.infinite('posts', query), (page, signal) => posts.list({ ...query, page }, { signal })),
      get: (id: number, query?: Arg<CmsClient['posts']['get'], 1>) =>
        plain(keys.get('posts', id, query), (signal) => posts.get(id, query, { signal })),
      revisions: {
        list: (parent: number, query?: Arg<CmsClient['posts']['revisions']['list'], 1>) =>
          listed(keys.childList('posts', parent, 'revisions', query), (signal) =>
            posts.revisions.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['posts']['revisions']['get'], 2>) =>
          plain(keys.childGet('posts', parent, 'revisions', id, query), (signal) =>
            posts.revisions.get(parent, id, query, { signal }),
          ),
      },
      autosaves: {
        list: (parent: number, query?: Arg<CmsClient['posts']['autosaves']['list'], 1>) =>
          plain(keys.childList('posts', parent, 'autosaves', query), (signal) =>
            posts.autosaves.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['posts']['autosaves']['get'], 2>) =>
          plain(keys.childGet('posts', parent, 'autosaves', id, query), (signal) =>
            posts.autosaves.get(parent, id, query, { signal }),
          ),
      },
    },
    pages: {
      list: (query?: Arg<CmsClient['pages']['list'], 0>) =>
        listed(keys.list('pages', query), (signal) => pages.list(query, { signal })),
      infinite: (query?: NoPage<Arg<CmsClient['pages']['list'], 0>>) =>
        infinite(keys.infinite('pages', query), (page, signal) => pages.list({ ...query, page }, { signal })),
      get: (id: number, query?: Arg<CmsClient['pages']['get'], 1>) =>
        plain(keys.get('pages', id, query), (signal) => pages.get(id, query, { signal })),
      revisions: {
        list: (parent: number, query?: Arg<CmsClient['pages']['revisions']['list'], 1>) =>
          listed(keys.childList('pages', parent, 'revisions', query), (signal) =>
            pages.revisions.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['pages']['revisions']['get'], 2>) =>
          plain(keys.childGet('pages', parent, 'revisions', id, query), (signal) =>
            pages.revisions.get(parent, id, query, { signal }),
          ),
      },
      autosaves: {
        list: (parent: number, query?: Arg<CmsClient['pages']['autosaves']['list'], 1>) =>
          plain(keys.childList('pages', parent, 'autosaves', query), (signal) =>
            pages.autosaves.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['pages']['autosaves']['get'], 2>) =>
          plain(keys.childGet('pages', parent, 'autosaves', id, query), (signal) =>
            pages.autosaves.get(parent, id, query, { signal }),
          ),
      },
    },
    blocks: {
      list: (query?: Arg<CmsClient['blocks']['list'], 0>) =>
        listed(keys.list('blocks', query), (signal) => blocks.list(query, { signal })),
      infinite: (query?: NoPage<Arg<CmsClient['blocks']['list'], 0>>) =>
        infinite(keys.infinite('blocks', query), (page, signal) => blocks.list({ ...query, page }, { signal })),
      get: (id: number, query?: Arg<CmsClient['blocks']['get'], 1>) =>
        plain(keys.get('blocks', id, query), (signal) => blocks.get(id, query, { signal })),
      revisions: {
        list: (parent: number, query?: Arg<CmsClient['blocks']['revisions']['list'], 1>) =>
          listed(keys.childList('blocks', parent, 'revisions', query), (signal) =>
            blocks.revisions.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['blocks']['revisions']['get'], 2>) =>
          plain(keys.childGet('blocks', parent, 'revisions', id, query), (signal) =>
            blocks.revisions.get(parent, id, query, { signal }),
          ),
      },
      autosaves: {
        list: (parent: number, query?: Arg<CmsClient['blocks']['autosaves']['list'], 1>) =>
          plain(keys.childList('blocks', parent, 'autosaves', query), (signal) =>
            blocks.autosaves.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['blocks']['autosaves']['get'], 2>) =>
          plain(keys.childGet('blocks', parent, 'autosaves', id, query), (signal) =>
            blocks.autosaves.get(parent, id, query, { signal }),
          ),
      },
    },
    media: {
      list: (query?: Arg<CmsClient['media']['list'], 0>) =>
        listed(keys.list('media', query), (signal) => media.list(query, { signal })),
      infinite: (query?: NoPage<Arg<CmsClient['media']['list'], 0>>) =>
        infinite(keys.infinite('media', query), (page, signal) => media.list({ ...query, page }, { signal })),
      get: (id: number, query?: Arg<CmsClient['media']['get'], 1>) =>
        plain(keys.get('media', id, query), (signal) => media.get(id, query, { signal })),
    },
    menuItems: {
      list: (query?: Arg<CmsClient['menuItems']['list'], 0>) =>
        listed(keys.list('menuItems', query), (signal) => menuItems.list(query, { signal })),
      infinite: (query?: NoPage<Arg<CmsClient['menuItems']['list'], 0>>) =>
        infinite(keys.infinite('menuItems', query), (page, signal) => menuItems.list({ ...query, page }, { signal })),
      get: (id: number, query?: Arg<CmsClient['menuItems']['get'], 1>) =>
        plain(keys.get('menuItems', id, query), (signal) => menuItems.get(id, query, { signal })),
      autosaves: {
        list: (parent: number, query?: Arg<CmsClient['menuItems']['autosaves']['list'], 1>) =>
          plain(keys.childList('menuItems', parent, 'autosaves', query), (signal) =>
            menuItems.autosaves.list(parent, query, { signal }),
          ),
        get: (parent: number, id: number, query?: Arg<CmsClient['menuItems']['autosaves']['get'], 2>) =>
          plain(keys.childGet('menuItems', parent, 'autosaves', id, query), (signal) =>
            menuItems.autosaves.get(parent, id, query, { signal }),
          ),
      },
    },
    templates: {
      list: (query?: Arg<CmsClient['templates']['list'], 0>) =>
        plain(keys.list('templates', query), (signal) => templates.list(query, { signal })),
      get: (id: string, query?: Arg<CmsClient['templates']['get'], 1>) =>
        plain(keys.get('templates', id, query), (signal) => templates.get(id, query, { signal })),
      revisions: {
        list: (template: string, query?: Arg<CmsClient['templates']['revisions']['list'], 1>) =>
          listed(keys.childList('templates', template, 'revisions', query), (signal) =>
            templates.revisions.list(template, query, { signal }),
          ),
        get: (template: string, wpId: number, query?: Arg<CmsClient['templates']['revisions']['get'], 2>) =>
          plain(keys.childGet('templates', template, 'revisions', wpId, query), (signal) =>
            templates.revisions.get(template, wpId, query, { signal }),
          ),
      },
      autosaves: {
        list: (template: string, query?: Arg<CmsClient['templates']['autosaves']['list'], 1>) =>
          plain(keys.childList('templates', template, 'autosaves', query), (signal) =>
            templates.autosaves.list(template, query, { signal }),
          ),
        get: (template: string, id: number, query?: Arg<CmsClient['templates']['autosaves']['get'], 2>) =>
          plain(keys.childGet('templates', template, 'autosaves', id, query), (signal) =>
            templates.autosaves.get(template, id, query, { signal }),
          ),
      },
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
