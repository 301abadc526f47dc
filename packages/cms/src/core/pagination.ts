/**
 * Pagination of collection routes. WordPress reports the size of a collection in `X-WP-Total`
 * and `X-WP-TotalPages` and links neighbouring pages with `Link: <...>; rel="next"`/`"prev"`.
 *
 * A list call returns a {@link PagePromise}: await it for the first page, `for await` it for
 * every item of every page, `.pages()` for page-at-a-time, `.all()` for everything at once
 * with bounded concurrency.
 */
import {
  callOptionIssues,
  itemsOfPages,
  type RequestInfo,
  rejectUnknownOptions,
  ValidationError,
} from '@viewlink/transport';
import { findLink } from '../internal/link-header.js';
import { mapPool } from '../internal/pool.js';

/** Fetches one page of a collection by number: its records, headers and the request that read it. */
export type PageFetcher<T> = (
  page: number,
  signal?: AbortSignal,
) => Promise<{ data: T[]; headers: Headers; request: RequestInfo }>;

function intHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}

function pageOf(href: string | undefined, fallback: number): number | undefined {
  if (href === undefined) return undefined;
  try {
    const value = Number(new URL(href, 'http://x/').searchParams.get('page') ?? fallback);
    return Number.isInteger(value) && value >= 1 ? value : fallback;
  } catch {
    return fallback;
  }
}

/** One page of a collection, with what the headers said about the rest. */
export class Page<T> {
  /** The records of this page. */
  readonly items: T[];
  /** Page number (1-based). */
  readonly page: number;
  /** Records in the whole collection (`X-WP-Total`), when the server said. */
  readonly total: number | undefined;
  /** Pages in the whole collection (`X-WP-TotalPages`), when the server said. */
  readonly totalPages: number | undefined;
  /** Number of the next page from `Link: rel="next"`, if there is one. */
  readonly nextPage: number | undefined;
  /** Number of the previous page from `Link: rel="prev"`, if there is one. */
  readonly prevPage: number | undefined;
  /** The request that read this page: method and redacted URL (no secret query value). */
  readonly request: RequestInfo;
  readonly #fetch: PageFetcher<T>;

  constructor(items: T[], headers: Headers, page: number, fetch: PageFetcher<T>, request: RequestInfo) {
    // With `validation: 'warn'` a drifted list arrives unchecked: an empty page, not a TypeError later.
    this.items = Array.isArray(items) ? items : [];
    this.page = page;
    this.total = intHeader(headers, 'x-wp-total');
    this.totalPages = intHeader(headers, 'x-wp-totalpages');
    const link = headers.get('link');
    const next = findLink(link, 'next');
    const prev = findLink(link, 'prev');
    this.nextPage =
      next !== undefined
        ? pageOf(next, page + 1)
        : link === null && this.totalPages !== undefined && page < this.totalPages
          ? page + 1
          : undefined;
    this.prevPage = prev !== undefined ? pageOf(prev, page - 1) : undefined;
    this.request = request;
    this.#fetch = fetch;
  }

  /** True when a next page exists. */
  hasNext(): boolean {
    return this.nextPage !== undefined;
  }

  /** True when a previous page exists. */
  hasPrev(): boolean {
    return this.prevPage !== undefined;
  }

  /** Fetches the next page, or resolves `undefined` on the last one. */
  async next(signal?: AbortSignal): Promise<Page<T> | undefined> {
    return this.nextPage === undefined ? undefined : fetchPage(this.#fetch, this.nextPage, signal);
  }

  /** Fetches the previous page, or resolves `undefined` on the first one. */
  async prev(signal?: AbortSignal): Promise<Page<T> | undefined> {
    return this.prevPage === undefined ? undefined : fetchPage(this.#fetch, this.prevPage, signal);
  }

  /** Items only, for `JSON.stringify(page)`. */
  toJSON(): Record<string, unknown> {
    return { items: this.items, page: this.page, total: this.total, totalPages: this.totalPages };
  }
}

/** Fetches page `page` and wraps it. */
export async function fetchPage<T>(fetch: PageFetcher<T>, page: number, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers, request } = await fetch(page, signal);
  return new Page(data, headers, page, fetch, request);
}

/** Progress of {@link PagePromise.all}. */
export interface PageProgress {
  /** Pages fetched so far. */
  readonly pagesLoaded: number;
  /** Pages in the collection (from the first page's `X-WP-TotalPages`). */
  readonly totalPages: number;
  /** Records fetched so far. */
  readonly itemsLoaded: number;
  /** Records in the collection (`X-WP-Total`), when known. */
  readonly total: number | undefined;
}

/** Options of {@link PagePromise.all}. */
export interface AllPagesOptions {
  /** Pages fetched at once after the first. Default 4, at most 16. */
  readonly concurrency?: number;
  /** Called after every page. */
  readonly onProgress?: (progress: PageProgress) => void;
  /** Stops fetching. */
  readonly signal?: AbortSignal;
}

/** The names of {@link AllPagesOptions} (the compiler keeps the list complete). */
const ALL_PAGES_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  concurrency: true,
  onProgress: true,
  signal: true,
} satisfies { readonly [Name in keyof Required<AllPagesOptions>]: true });

/**
 * The result of a list call: a promise of the first page that is also an async iterable over
 * every item of every page.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #fetch: PageFetcher<T>;
  readonly #first: number;
  readonly #signal: AbortSignal | undefined;
  /** What `all()`'s errors are named at: `posts.list().all()`, or `all()` for a list of no method. */
  readonly #allSite: string;
  /** The list call (`posts.list()`), named by the `AbortError` of an iteration stopped between requests. */
  readonly #callSite: string | undefined;
  #promise: Promise<Page<T>> | undefined;

  /**
   * @param first page to start from (the query's `page`, default 1).
   * @param callSite the list call that made it (`posts.list()`), which `all()`'s errors name.
   */
  constructor(fetch: PageFetcher<T>, first = 1, signal?: AbortSignal, callSite?: string) {
    this.#fetch = fetch;
    this.#first = first;
    this.#signal = signal;
    this.#allSite = callSite === undefined ? 'all()' : `${callSite}.all()`;
    this.#callSite = callSite;
  }

  #firstPage(): Promise<Page<T>> {
    this.#promise ??= fetchPage(this.#fetch, this.#first, this.#signal);
    return this.#promise;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is deliberately awaitable.
  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  /** Attaches a rejection handler to the first page. */
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.#firstPage().catch(onRejected);
  }

  /** Walks pages one at a time, following `Link: rel="next"`. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page: Page<T> | undefined = await this.#firstPage();
    while (page) {
      yield page;
      page = await page.next(this.#signal);
    }
  }

  /**
   * Walks every item of every page, fetching the next page when the current one is used up; once
   * the signal fires, the next item is an `AbortError` naming the list call and the page request.
   */
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    return itemsOfPages(this.pages(), this.#signal, this.#callSite);
  }

  /**
   * Fetches every page: the first, then the rest (by `X-WP-TotalPages`) with at most
   * `concurrency` requests in flight. Items come back in collection order.
   */
  async all(options?: AllPagesOptions): Promise<T[]> {
    rejectUnknownOptions(options, ALL_PAGES_OPTION_NAMES, this.#allSite);
    // `null` is no options, as the check reads it (a default parameter stands in for `undefined` only).
    const { concurrency: count, onProgress, signal: own } = options ?? {};
    const concurrency = count ?? 4;
    // Each refused at once, named at the call: a bad one would fail pages in (a TypeError or a refused request).
    const issues = callOptionIssues({ signal: own });
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
      issues.push({ path: ['concurrency'], message: 'must be an integer from 1 to 16' });
    if (onProgress !== undefined && typeof onProgress !== 'function')
      issues.push({ path: ['onProgress'], message: 'must be a function' });
    if (issues.length > 0) throw new ValidationError(this.#allSite, issues);
    const signal = own ?? this.#signal;
    const first = await this.#firstPage();
    const last = first.totalPages;
    if (last === undefined) {
      // No page count: follow the links one page at a time.
      const items: T[] = [];
      let loaded = 0;
      for await (const page of this.pages()) {
        items.push(...page.items);
        loaded++;
        onProgress?.({
          pagesLoaded: loaded,
          totalPages: loaded,
          itemsLoaded: items.length,
          total: first.total,
        });
      }
      return items;
    }
    let pagesLoaded = 1;
    let itemsLoaded = first.items.length;
    const report = () =>
      onProgress?.({
        pagesLoaded,
        totalPages: Math.max(last - first.page + 1, 1),
        itemsLoaded,
        total: first.total,
      });
    report();
    const rest: number[] = [];
    for (let n = first.page + 1; n <= last; n++) rest.push(n);
    const pages = await mapPool(
      rest,
      concurrency,
      async (n) => {
        const fetched = (await this.#fetch(n, signal)).data;
        const data = Array.isArray(fetched) ? fetched : [];
        pagesLoaded++;
        itemsLoaded += data.length;
        report();
        return data;
      },
      signal,
    );
    return [...first.items, ...pages.flat()];
  }
}

// Hermes has no Symbol.asyncIterator (facebook/hermes#1879, React Native 0.83): the method above is
// then under the key 'undefined', and Babel's for-await helper (Metro lowers `for await` for
// Hermes) looks for '@@asyncIterator' instead. Set once at load, where the symbol is missing only.
if (typeof Symbol.asyncIterator !== 'symbol')
  Object.defineProperty(PagePromise.prototype, '@@asyncIterator', {
    value: PagePromise.prototype[Symbol.asyncIterator],
    writable: true,
    configurable: true,
  });
