/** What every resource class holds, and the helpers resource methods share. */
import { type RouteCallInput, ValidationError } from '@viewlink/transport';
import { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { CmsRequester, CmsRouteKey } from './routes.js';

/** Shared state handed to resources by the client. */
export interface ResourceContext {
  /** The client's requester for the CMS routes (the one batch and `client.routes` use): validates, sends, parses. */
  readonly requester: CmsRequester;
  /** Says a deprecation warning once. */
  readonly deprecated: (message: string) => void;
}

/**
 * Base of resource classes: keeps the context private (so `JSON.stringify(client)` shows
 * nothing) and gives each method its one call. Methods type their inputs and results for their
 * callers; the route's schemas validate the inputs at run time before anything is sent.
 */
export abstract class Resource {
  readonly #context: ResourceContext;

  constructor(context: ResourceContext) {
    this.#context = context;
  }

  /** @internal */
  protected get context(): ResourceContext {
    return this.#context;
  }

  /** @internal Sends one route through the pipeline and returns its validated data. */
  protected async send<R>(key: CmsRouteKey, input: RouteCallInput, options?: RequestCallOptions): Promise<R> {
    return (await this.#context.requester.send(key, input, callOptions(options))).data as R;
  }

  /** @internal A lazily fetched, paginated list of a collection route. */
  protected paginate<R>(
    key: CmsRouteKey,
    input: RouteCallInput,
    options?: RequestCallOptions,
    before?: () => void,
  ): PagePromise<R> {
    const query = input.query as { page?: unknown } | undefined;
    const first = typeof query?.page === 'number' ? query.page : 1;
    const given = callOptions(options);
    return new PagePromise<R>(
      async (page, signal) => {
        before?.();
        // Page 1 of a query without `page` is sent as given: WordPress's default is the same.
        const paged = query?.page === undefined && page === 1 ? input : { ...input, query: { ...query, page } };
        const response = await this.#context.requester.send(key, paged, signal ? { ...given, signal } : given);
        return { data: response.data as R[], headers: response.headers };
      },
      first,
      given.signal,
    );
  }
}

/** Options of a DELETE that may go to the trash. */
export interface TrashOptions extends RequestCallOptions {
  /** `true` deletes permanently; `false` or absent moves the record to the trash. */
  readonly force?: boolean | undefined;
}

/** Options of a DELETE that must be permanent (revisions cannot be trashed). */
export interface ForceOptions extends RequestCallOptions {
  /** Must be `true`: revisions do not support trashing. */
  readonly force: true;
}

/** Result of a permanent delete: the record as it was. */
export interface Deleted<T> {
  /** Always `true`. */
  readonly deleted: true;
  /** The record as it was before deletion. */
  readonly previous: T;
}

/** Splits per-call options from a method's own options. */
export function callOptions(options: RequestCallOptions | undefined): RequestCallOptions {
  if (!options) return {};
  const { signal, timeout, retry, headers, fetchOptions, dedupe } = options;
  return {
    ...(signal ? { signal } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    ...(retry !== undefined ? { retry } : {}),
    ...(headers ? { headers } : {}),
    ...(fetchOptions ? { fetchOptions } : {}),
    ...(dedupe !== undefined ? { dedupe } : {}),
  };
}

/** Run-time twin of the `force: true` type requirement. */
export function requireForce(options: { force?: unknown } | undefined, what: string): void {
  if (options?.force !== true) {
    throw new ValidationError(`delete of ${what}`, [
      { path: ['force'], message: `must be true: ${what} cannot be moved to the trash` },
    ]);
  }
}
