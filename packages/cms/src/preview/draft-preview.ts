/**
 * The draft-preview reader of `@viewlink/cms/preview` (server-side only; the entry point's
 * documentation says what it reads and why it refuses browsers).
 */

import { atCallSite, refuseUnknownClientOptions } from '@viewlink/transport';
import { CmsClient } from '../client.js';
import { checkCallOptions } from '../core/call-options.js';
import { ConfigurationError } from '../core/errors.js';
import type { CmsClientOptions } from '../core/options.js';
import type { RequestCallOptions } from '../core/route-request.js';
import { CLIENT_OPTION_NAMES } from '../internal/client-core.js';

/**
 * A preview's call options, checked at `callSite` (the reads beneath would name themselves, and
 * read a string's characters as names): `fetchOptions` default to `{ cache: 'no-store' }` (a
 * draft is never served from a cache).
 */
function uncached(options: RequestCallOptions | undefined, callSite: string): RequestCallOptions {
  checkCallOptions(options, undefined, callSite);
  return options?.fetchOptions === undefined ? { ...options, fetchOptions: { cache: 'no-store' } } : options;
}

/**
 * The record and its autosaves, read together; an input error (an `id` that is not a positive
 * integer) is named at the preview's call site, not at the `posts.get()` it goes through.
 */
async function readBoth<R, A>(callSite: string, read: () => [Promise<R>, Promise<A>]): Promise<[R, A]> {
  try {
    return await Promise.all(read());
  } catch (error) {
    throw atCallSite(error, callSite);
  }
}

/** Options of {@link DraftPreview}: those of `CmsClient`, with an application password required. */
export interface DraftPreviewOptions extends Omit<CmsClientOptions, 'auth'> {
  /** A user who may edit the previewed content (drafts and autosaves need it). Server-side only. */
  readonly auth: { readonly username: string; readonly applicationPassword: string };
}

/** Where a previewed record's title, content and excerpt come from. */
export interface PreviewSource {
  /** `'autosave'` when a newer autosave was applied over the record, else `'record'`. */
  readonly source: 'record' | 'autosave';
  /** Id of the applied autosave. */
  readonly autosaveId: number | undefined;
  /** When the shown content was saved (GMT, as WordPress writes it). */
  readonly modifiedGmt: string | undefined;
}

/** Fields an autosave carries over the record it belongs to. */
const AUTOSAVED = ['title', 'content', 'excerpt'] as const;

interface Saved {
  readonly id: number;
  readonly modified_gmt?: string | undefined;
  readonly title?: unknown;
  readonly content?: unknown;
  readonly excerpt?: unknown;
}

/** The record with the newest autosave applied when it is newer. */
function withAutosave<R extends Saved>(record: R, autosaves: readonly Saved[]): R & { preview: PreviewSource } {
  let newest: Saved | undefined;
  for (const autosave of autosaves)
    if (newest === undefined || (autosave.modified_gmt ?? '') > (newest.modified_gmt ?? '')) newest = autosave;
  if (newest === undefined || (newest.modified_gmt ?? '') <= (record.modified_gmt ?? ''))
    return { ...record, preview: { source: 'record', autosaveId: undefined, modifiedGmt: record.modified_gmt } };
  const fields: Partial<Record<(typeof AUTOSAVED)[number], unknown>> = {};
  for (const name of AUTOSAVED) if (newest[name] !== undefined) fields[name] = newest[name];
  return {
    ...record,
    ...fields,
    preview: { source: 'autosave', autosaveId: newest.id, modifiedGmt: newest.modified_gmt },
  };
}

/** True where a DOM exists (a browser page), where an application password must never be. */
function inBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window === 'object' && typeof scope.document === 'object';
}

/**
 * Reads drafts and autosaves of posts and pages for a preview, on the server.
 *
 * ```ts
 * const preview = new DraftPreview({
 *   baseUrl: process.env.WP_URL!,
 *   compat: 'wordpress',
 *   auth: { username: process.env.WP_PREVIEW_USER!, applicationPassword: process.env.WP_PREVIEW_PASSWORD! },
 * });
 * const post = await preview.post(42); // the draft, or the published post with its newest autosave
 * ```
 * @throws ConfigurationError in a browser page, or without an application password.
 */
export class DraftPreview {
  readonly #cms: CmsClient;

  constructor(options: DraftPreviewOptions) {
    if (inBrowser())
      throw new ConfigurationError(
        'DraftPreview runs on the server only: it holds an application password, which must never reach a browser',
      );
    // Named as the caller wrote it, not as the client it makes (`new CmsClient()`).
    if (options !== undefined && options !== null)
      refuseUnknownClientOptions(options, CLIENT_OPTION_NAMES, 'new DraftPreview()');
    const auth = options?.auth;
    if (typeof auth?.username !== 'string' || typeof auth.applicationPassword !== 'string')
      throw new ConfigurationError(
        'DraftPreview needs `auth: { username, applicationPassword }` of a user who may edit',
      );
    try {
      this.#cms = new CmsClient(options);
    } catch (error) {
      // The client's checks of option values, named at the constructor the caller wrote.
      const named = error instanceof ConfigurationError && error.message.startsWith('new CmsClient(): ');
      throw named
        ? new ConfigurationError(`new DraftPreview(): ${error.message.slice('new CmsClient(): '.length)}`)
        : error;
    }
  }

  /**
   * A post as its preview shows it: in the `edit` context (drafts, private and pending posts
   * included), with the newest autosave's title, content and excerpt when it is newer. `options`
   * are the client's call options; `fetchOptions` default to `{ cache: 'no-store' }`.
   * @throws NotFoundError for an unknown id; AuthenticationError/PermissionDeniedError for a user who may not edit it.
   */
  async post(id: number, options?: RequestCallOptions) {
    const call = uncached(options, 'preview.post()');
    const [record, autosaves] = await readBoth('preview.post()', () => [
      this.#cms.posts.get(id, { context: 'edit' }, call),
      this.#cms.posts.autosaves.list(id, { context: 'edit' }, call),
    ]);
    return withAutosave(record, autosaves);
  }

  /** A page as its preview shows it (see {@link DraftPreview.post}). */
  async page(id: number, options?: RequestCallOptions) {
    const call = uncached(options, 'preview.page()');
    const [record, autosaves] = await readBoth('preview.page()', () => [
      this.#cms.pages.get(id, { context: 'edit' }, call),
      this.#cms.pages.autosaves.list(id, { context: 'edit' }, call),
    ]);
    return withAutosave(record, autosaves);
  }

  /** Never the application password (`JSON.stringify(preview)`). */
  toJSON(): Record<string, unknown> {
    return { draftPreview: this.#cms.toJSON() };
  }
}
