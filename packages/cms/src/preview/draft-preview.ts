/**
 * The draft-preview reader of `@viewlink/cms/preview` (server-side only; the entry point's
 * documentation says what it reads and why it refuses browsers).
 */

import { atCallSite, refuseUnknownClientOptions } from '@viewlink/transport';
import { CmsClient } from '../client.js';
import { checkCallOptions } from '../core/call-options.js';
import { ConfigurationError, ResponseValidationError, ValidationError } from '../core/errors.js';
import type { CmsClientOptions } from '../core/options.js';
import type { RequestCallOptions } from '../core/route-request.js';
import { CLIENT_OPTION_NAMES } from '../internal/client-core.js';

/**
 * Call options of `preview.post()` and `preview.page()`: the client's call options, and whose
 * autosave the preview applies.
 */
export interface PreviewCallOptions extends RequestCallOptions {
  /**
   * Whose autosave to apply over the record. WordPress keeps one autosave per user, and its
   * autosaves route lists every user's.
   * - Absent (default): the newest autosave of any user, as WordPress's own preview does
   *   (`_set_preview()` reads `wp_get_post_autosave($id)` without a user): in WordPress, pressing
   *   "Preview" first saves the presser's autosave, so the newest is theirs.
   * - A user id: only that user's autosave, e.g. the editor who pressed "Preview", passed in the
   *   preview link (the reader's application password belongs to a preview user, not to them).
   * - `'me'`: only the autosave of the application password's user (read once per reader from
   *   `/users/me`), for readers that hold the previewing editor's own application password.
   */
  readonly autosaveAuthor?: number | 'me' | undefined;
}

/** The option of the preview reads beside the call options. */
const PREVIEW_OPTION_NAMES = ['autosaveAuthor'] as const;

/**
 * A preview's call options, checked at `callSite` (the reads beneath would name themselves, and
 * read a string's characters as names), split into the reads' options and `autosaveAuthor`:
 * `fetchOptions` default to `{ cache: 'no-store' }` (a draft is never served from a cache).
 */
function previewOptions(
  options: PreviewCallOptions | undefined,
  callSite: string,
): { call: RequestCallOptions; author: number | 'me' | undefined } {
  checkCallOptions(options, PREVIEW_OPTION_NAMES, callSite);
  const { autosaveAuthor: author, ...rest } = options ?? {};
  if (author !== undefined && author !== 'me' && !(Number.isInteger(author) && author > 0))
    throw new ValidationError(callSite, [
      { path: ['autosaveAuthor'], message: "must be a user id (a positive integer) or 'me'" },
    ]);
  const call = rest.fetchOptions === undefined ? { ...rest, fetchOptions: { cache: 'no-store' as const } } : rest;
  return { call, author };
}

/**
 * The record, its autosaves and the autosave author's id, read together; an input error (an `id`
 * that is not a positive integer) is named at the preview's call site, not at the `posts.get()` it
 * goes through.
 */
async function readAll<R, A>(
  callSite: string,
  read: () => [Promise<R>, Promise<A>, Promise<number | undefined>],
): Promise<[R, A, number | undefined]> {
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
  /** User id of the applied autosave's author. */
  readonly autosaveAuthor: number | undefined;
  /** When the shown content was saved (GMT, as WordPress writes it). */
  readonly modifiedGmt: string | undefined;
}

/** Fields an autosave carries over the record it belongs to. */
const AUTOSAVED = ['title', 'content', 'excerpt'] as const;

interface Saved {
  readonly id: number;
  readonly author?: number | undefined;
  readonly modified_gmt?: string | undefined;
  readonly title?: unknown;
  readonly content?: unknown;
  readonly excerpt?: unknown;
}

/** The record with the newest autosave (of `author` when given) applied when it is newer. */
function withAutosave<R extends Saved>(
  record: R,
  autosaves: readonly Saved[],
  author: number | undefined,
): R & { preview: PreviewSource } {
  let newest: Saved | undefined;
  const candidates = author === undefined ? autosaves : autosaves.filter((autosave) => autosave.author === author);
  for (const autosave of candidates)
    if (newest === undefined || (autosave.modified_gmt ?? '') > (newest.modified_gmt ?? '')) newest = autosave;
  if (newest === undefined || (newest.modified_gmt ?? '') <= (record.modified_gmt ?? ''))
    return {
      ...record,
      preview: { source: 'record', autosaveId: undefined, autosaveAuthor: undefined, modifiedGmt: record.modified_gmt },
    };
  const fields: Partial<Record<(typeof AUTOSAVED)[number], unknown>> = {};
  for (const name of AUTOSAVED) if (newest[name] !== undefined) fields[name] = newest[name];
  return {
    ...record,
    ...fields,
    preview: {
      source: 'autosave',
      autosaveId: newest.id,
      autosaveAuthor: newest.author,
      modifiedGmt: newest.modified_gmt,
    },
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
  /** The application password's user id, once read (`autosaveAuthor: 'me'`); cleared when the read fails. */
  #me: Promise<number> | undefined;

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
   * included), with the newest autosave's title, content and excerpt when it is newer (any
   * user's, as in WordPress's preview, unless `options.autosaveAuthor` names whose). `options` are
   * the client's call options; `fetchOptions` default to `{ cache: 'no-store' }`.
   * @throws ValidationError naming `id` or `autosaveAuthor` at `preview.post()`, before sending.
   * @throws NotFoundError for an unknown id; AuthenticationError/PermissionDeniedError for a user who may not edit it.
   */
  async post(id: number, options?: PreviewCallOptions) {
    const { call, author } = previewOptions(options, 'preview.post()');
    const [record, autosaves, authorId] = await readAll('preview.post()', () => [
      this.#cms.posts.get(id, { context: 'edit' }, call),
      this.#cms.posts.autosaves.list(id, { context: 'edit' }, call),
      this.#authorId(author, call),
    ]);
    return withAutosave(record, autosaves, authorId);
  }

  /** A page as its preview shows it (see {@link DraftPreview.post}). */
  async page(id: number, options?: PreviewCallOptions) {
    const { call, author } = previewOptions(options, 'preview.page()');
    const [record, autosaves, authorId] = await readAll('preview.page()', () => [
      this.#cms.pages.get(id, { context: 'edit' }, call),
      this.#cms.pages.autosaves.list(id, { context: 'edit' }, call),
      this.#authorId(author, call),
    ]);
    return withAutosave(record, autosaves, authorId);
  }

  /** The user id `autosaveAuthor` names: `'me'` read from `/users/me` once per reader. */
  #authorId(author: number | 'me' | undefined, call: RequestCallOptions): Promise<number | undefined> {
    if (author !== 'me') return Promise.resolve(author);
    if (this.#me === undefined) {
      // Without the caller's signal: the read is shared by the previews that wait for it.
      const { signal: _signal, ...shared } = call;
      const me = this.#cms
        .requestRaw<{ readonly id?: unknown }>({ method: 'GET', path: '/cms/v2/users/me' }, shared)
        .then(({ data, status }) => {
          if (typeof data?.id === 'number') return data.id;
          throw new ResponseValidationError({ method: 'GET', url: '/cms/v2/users/me' }, status, [
            { path: ['id'], message: 'expected the user id (a number)' },
          ]);
        });
      this.#me = me;
      // A failed read is not kept: the next preview asks again.
      me.catch(() => {
        if (this.#me === me) this.#me = undefined;
      });
    }
    return this.#me;
  }

  /** Never the application password (`JSON.stringify(preview)`). */
  toJSON(): Record<string, unknown> {
    return { draftPreview: this.#cms.toJSON() };
  }
}
