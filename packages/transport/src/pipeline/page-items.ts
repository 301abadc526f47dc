/**
 * A paged list walked item by item (`for await`), stopped by the caller's signal between items:
 * the one walk of the CMS lists and the partner's watch history, beside the send stage's own
 * abort checks (internal/send.ts), which only see a request being sent.
 */
import { callerAborted } from '../errors/to-error.js';
import type { AbortError, RequestInfo } from '../errors/tree.js';

/** One page as {@link itemsOfPages} reads it: its items and the request that read them. */
export interface ReadPage<T> {
  /** The page's items, in order. */
  readonly items: readonly T[];
  /** The page request, method and redacted URL (`TransportResponse.request`). */
  readonly request: RequestInfo;
}

/**
 * Yields the items of each page in turn. Once `signal` has fired, the next item is an
 * {@link AbortError} instead: the rest of a page is already in memory, and after the last page
 * no request is left whose send would notice. The error names the page request just read (the
 * one whose items the caller was taking; the next may never be sent) and, given one, the list
 * call `callSite`: `posts.list(): GET https://example.com/wp-json/wp/v2/posts?page=2 was aborted`.
 *
 * @example
 * ```ts
 * for await (const entry of itemsOfPages(pages, signal, 'user.history.entries()')) sync(entry);
 * ```
 */
export async function* itemsOfPages<T>(
  pages: AsyncIterable<ReadPage<T>>,
  signal: AbortSignal | undefined,
  callSite?: string,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages)
    for (const item of page.items) {
      if (signal?.aborted) throw callerAborted(page.request, signal, callSite);
      yield item;
    }
}
