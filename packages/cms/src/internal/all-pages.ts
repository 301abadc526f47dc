/**
 * `PagePromise#all()`: every page of a collection, the rest fetched with bounded concurrency
 * (core/pagination.ts). Loaded with the first `all()` call.
 */
import { ConfigurationError } from '@viewlink/transport';
import type { AllPagesOptions, Page, PageFetcher } from '../core/pagination.js';
import { mapPool } from './pool.js';

/** What `all()` reads of its `PagePromise`. */
interface Collection<T> {
  /** The first page (fetched once). */
  readonly first: () => Promise<Page<T>>;
  /** Pages one at a time, following `Link: rel="next"`. */
  readonly pages: () => AsyncIterable<Page<T>>;
  /** Fetches one page by number. */
  readonly fetch: PageFetcher<T>;
}

/** Every item of every page, in collection order; see `PagePromise#all`. */
export async function allPages<T>(
  collection: Collection<T>,
  options: AllPagesOptions,
  defaultSignal: AbortSignal | undefined,
): Promise<T[]> {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
    throw new ConfigurationError('`concurrency` must be an integer from 1 to 16');
  }
  const signal = options.signal ?? defaultSignal;
  const first = await collection.first();
  const last = first.totalPages;
  if (last === undefined) {
    // No page count: follow the links one page at a time.
    const items: T[] = [];
    let loaded = 0;
    for await (const page of collection.pages()) {
      items.push(...page.items);
      loaded++;
      options.onProgress?.({
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
    options.onProgress?.({
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
      const fetched = (await collection.fetch(n, signal)).data;
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
