/**
 * The options every method call takes (`signal`, `timeout`, `retry`, `headers`, `fetchOptions`,
 * `dedupe`), and picking them out of a method's options. A module of its own, small, because
 * method steps loaded on first use need it too (a bundler shares it with them without sharing
 * the route requester).
 */
import { type CallOptions, callOptionIssues, rejectUnknownOptions, ValidationError } from '@viewlink/transport';

/**
 * Per-call options accepted by every method: the transport's call options a caller sets
 * (`signal`, `timeout`, `retry`, `headers`, `fetchOptions`, e.g. Next.js caching:
 * `cms.posts.list({}, { fetchOptions: { next: { revalidate: 60, tags: ['posts'] } } })`), and `dedupe`.
 */
export interface RequestCallOptions
  extends Pick<CallOptions, 'signal' | 'timeout' | 'retry' | 'headers' | 'fetchOptions'> {
  /**
   * `false` sends this GET even when an identical one is in flight (see the client's `dedupe`
   * option). Default: the client's setting.
   */
  readonly dedupe?: boolean | undefined;
}

/**
 * The names of {@link RequestCallOptions}, the one list of them: a method's options object also
 * holds its own fields (`force`, an upload's `filename`), and only these are the call's.
 */
const CALL_OPTION_NAMES: { readonly [Name in keyof Required<RequestCallOptions>]: Name } = {
  signal: 'signal',
  timeout: 'timeout',
  retry: 'retry',
  headers: 'headers',
  fetchOptions: 'fetchOptions',
  dedupe: 'dedupe',
};

/** Copies one option when it is set (generic in the name, so its value keeps its type). */
function copyOption<Name extends keyof RequestCallOptions>(
  from: RequestCallOptions,
  to: { -readonly [N in keyof RequestCallOptions]?: RequestCallOptions[N] },
  name: Name,
): void {
  if (from[name] !== undefined) to[name] = from[name];
}

const NAMES = /* @__PURE__ */ Object.values(CALL_OPTION_NAMES);
/** What a method called without options passes on: one frozen object, not a new one per call. */
const NO_OPTIONS: RequestCallOptions = Object.freeze({});

/**
 * The call options among a method's options (those named by {@link RequestCallOptions}), and
 * `callSite`, the method the user called (`posts.list()`): it leads the message of every error of
 * the call's requests (the transport's `CallOptions.callSite`).
 */
export function callOptions(
  options: RequestCallOptions | undefined,
  callSite?: string,
): RequestCallOptions & Pick<CallOptions, 'callSite'> {
  if (!options) return callSite === undefined ? NO_OPTIONS : { callSite };
  const picked: { -readonly [N in keyof RequestCallOptions]?: RequestCallOptions[N] } & {
    callSite?: string | undefined;
  } = {
    callSite,
  };
  for (const name of NAMES) copyOption(options, picked, name);
  return picked;
}

/**
 * Refuses a method's options that are not an object, that hold a name neither the call options
 * nor the method's own (`own`: a delete's `force`, an upload's `filename`) take, so a misspelt
 * `timout` fails at `callSite` before anything is sent instead of being ignored, or a call
 * option's value the transport would refuse.
 */
export function checkCallOptions(options: unknown, own: readonly string[] | undefined, callSite: string): void {
  checkOptionsAt(options, own === undefined ? NAMES : [...NAMES, ...own], callSite);
}

/** {@link checkCallOptions} for another list of `names` (the route client's: `routes.call()`, `routes.send()`). */
export function checkOptionsAt(options: unknown, names: readonly string[], callSite: string): void {
  rejectUnknownOptions(options, names, callSite);
  // Their values too, named at `callSite`: `requestRaw()`, `discover()`, the preview reads and the
  // route client do not rename the transport's refusal (`Invalid request options`) at themselves as methods do.
  if (options == null) return;
  const issues = callOptionIssues(options);
  if (issues.length > 0) throw new ValidationError(callSite, issues);
}
