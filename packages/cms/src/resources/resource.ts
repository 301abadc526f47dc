/**
 * What every resource is built from: methods as data (a {@link CmsMethodDefinition} per method,
 * turned into functions by the transport's `defineMethods`) and the client's invoker, which sends
 * each call through the client's route requester. Also the option and result types of deletes.
 */
import {
  type CallOptions,
  type MethodCall,
  type MethodDefinition,
  type MethodInvoker,
  type PreparedRequest,
  type RouteCallInput,
  type TransportResponse,
  ValidationError,
} from '@viewlink/transport';
import type { RequestCallOptions } from '../core/route-request.js';
import type { CmsRouteKey } from '../core/routes.js';

/** What a method with a step of its own (an upload, an edit with checks, XML oEmbed) may use. */
export interface MethodSupport {
  /** Sends one route call with these call options; resolves its validated data. */
  send(route: CmsRouteKey, input: RouteCallInput, options: RequestCallOptions): Promise<unknown>;
  /** Validates a call and builds its request, without sending. */
  prepare(route: CmsRouteKey, input: RouteCallInput): PreparedRequest;
  /** Sends a prepared request as it is, its response body read as text (not parsed, not validated). */
  sendAsText(prepared: PreparedRequest, options: CallOptions): Promise<TransportResponse<string>>;
  /** The REST root (resolved on first use). */
  restRoot(signal?: AbortSignal): Promise<URL>;
  /** Says a deprecation warning once. */
  deprecated(message: string): void;
}

/** One CMS method as data: its route, where its arguments go, and what its call does. */
export interface CmsMethodDefinition extends MethodDefinition<CmsRouteKey> {
  /** `'pages'`: a paginated list (a `PagePromise`). Default: one call, resolving its validated data. */
  readonly kind?: 'pages' | undefined;
  /** Option names of its own beside the call options (`force`, `filename`): any other is refused. */
  readonly optionNames?: readonly string[] | undefined;
  /**
   * What a 403 from the route can mean beyond a missing permission: added, with the method's
   * name, to the message of the `PermissionDeniedError` (WordPress's own says only "not allowed").
   */
  readonly refused?: string | undefined;
  /**
   * A call that does more than send its input. `call.options` are as the user gave them;
   * `call.input` is built from the arguments.
   */
  readonly run?:
    | ((call: MethodCall<CmsRouteKey, CmsMethodDefinition>, support: MethodSupport) => Promise<unknown>)
    | undefined;
}

/**
 * What a 403 on a template's revisions or autosaves also means: WordPress 6.5.5 checks the
 * template's post, which a theme template gets only on its first save (docs/wordpress.md).
 */
export const NEVER_SAVED_TEMPLATE =
  '(WordPress answers 403 for a theme template that was never saved, `wp_id` 0: it has no revisions or autosaves until its first update. Otherwise the user may not edit templates.)';

/** What a client hands its resources: the invoker their methods run through. */
export interface ResourceContext {
  /** Runs one call of a defined method (the client's route requester underneath). */
  readonly invoke: MethodInvoker<CmsRouteKey, CmsMethodDefinition>;
}

/** Options of a DELETE that may go to the trash. */
export interface TrashOptions extends RequestCallOptions {
  /** `true` deletes permanently; `false` or absent moves the record to the trash. */
  readonly force?: boolean | undefined;
}

/** The option a DELETE takes of its own (`force`), beside the call options. */
export const FORCE = ['force'] as const satisfies readonly (keyof TrashOptions)[];

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

/** A delete's `force` option, sent in the query when given. */
export function trashOption(options: { readonly force?: unknown } | undefined): RouteCallInput | undefined {
  return options?.force === undefined ? undefined : { query: { force: options.force } };
}

/**
 * A revision delete's `force`, which must be `true` (the run-time twin of {@link ForceOptions}).
 * @throws ValidationError naming `force` otherwise, before anything is sent.
 */
export function requiredForce(options: { readonly force?: unknown } | undefined): RouteCallInput {
  if (options?.force !== true) {
    throw new ValidationError('delete of a revision', [
      { path: ['force'], message: 'must be true: a revision cannot be moved to the trash' },
    ]);
  }
  return { query: { force: true } };
}

/** `menu-items` → `menuItems`: the property a client holds a type under, as call sites name it. */
export function propertyOf(type: string): string {
  return type.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
