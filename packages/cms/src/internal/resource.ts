/** What every resource class holds, and the helpers resource methods share. */
import { ValidationError } from '@viewlink/transport';
import { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { Call, CmsRequester, CmsRouteKey, ListItem, Out } from './routes.js';

/** Shared state handed to resources by the client. */
export interface ResourceContext {
  /** The client's requester for the CMS routes (the one batch and `client.routes` use): validates, sends, parses. */
  readonly requester: CmsRequester;
  /** Says a deprecation warning once. */
  readonly deprecated: (message: string) => void;
}

/** Base of resource classes: keeps the context private (so `JSON.stringify(client)` shows nothing). */
export abstract class Resource {
  readonly #context: ResourceContext;

  constructor(context: ResourceContext) {
    this.#context = context;
  }

  /** @internal */
  protected get context(): ResourceContext {
    return this.#context;
  }

  /** @internal Sends one route and returns its data. */
  protected async send<K extends CmsRouteKey>(key: K, call: Call<K>, options?: RequestCallOptions): Promise<Out<K>> {
    return (await this.#context.requester.call(key, call, options)).data;
  }

  /** @internal A lazily fetched, paginated list of a collection route. */
  protected paginate<K extends CmsRouteKey>(
    key: K,
    call: Call<K>,
    options: RequestCallOptions = {},
    before?: () => void,
  ): PagePromise<ListItem<K>> {
    const { query } = call as { query?: { page?: unknown } };
    const first = typeof query?.page === 'number' ? query.page : 1;
    return new PagePromise<ListItem<K>>(
      async (page, signal) => {
        before?.();
        // Page 1 of a query without `page` is sent as given: WordPress's default is the same.
        const paged = (
          query?.page === undefined && page === 1 ? call : { ...call, query: { ...query, page } }
        ) as Call<K>;
        const response = await this.#context.requester.call(key, paged, {
          ...options,
          ...(signal ? { signal } : {}),
        });
        return { data: response.data as ListItem<K>[], headers: response.headers };
      },
      first,
      options.signal,
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
  const { signal, timeout, retry, headers } = options;
  return {
    ...(signal ? { signal } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    ...(retry !== undefined ? { retry } : {}),
    ...(headers ? { headers } : {}),
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
