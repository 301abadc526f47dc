/**
 * Option names a client or a call does not know, refused rather than ignored: a misspelt
 * `timout`, or another SDK's `maxRetries`, would otherwise change nothing without a word. One
 * check and one wording for the options objects of every client but the web facade, which keeps
 * a smaller one of its own for its bundle budget. Names only, never values (a value may be a secret).
 */
import { ConfigurationError, type Issue, ValidationError } from '../errors/tree.js';

/**
 * An issue for each key of `options` that `known` lacks, at its own path, for a check that
 * gathers other issues too: `maxLinebytes: is an unknown option (known: ...)`.
 */
export function unknownOptionIssues(options: object, known: readonly string[]): Issue[] {
  const issues: Issue[] = [];
  for (const name of Object.keys(options))
    if (!known.includes(name))
      issues.push({ path: [name], message: `is an unknown option (known: ${known.join(', ')})` });
  return issues;
}

/**
 * Refuses a call's `options` that are not an object (`undefined` and `null` read as none), or
 * that hold a key not in `known`, before anything is sent.
 * @param what - the call, as the caller wrote it (`user.watchlist()`).
 * @throws ValidationError: `user.watchlist(): expected an options object: { signal }`, or naming
 *   each unknown key: `user.watchlist(): timeout is an unknown option (known: signal)`.
 */
export function rejectUnknownOptions(options: unknown, known: readonly string[], what: string): void {
  if (options === undefined || options === null) return;
  // A string's or number's keys are its characters: say what was expected instead.
  if (typeof options !== 'object')
    throw new ValidationError(what, [{ path: [], message: `expected an options object: { ${known.join(', ')} }` }]);
  const issues = unknownOptionIssues(options, known);
  if (issues.length > 0) throw new ValidationError(what, issues);
}

/**
 * Refuses a client's `options` that are not an object, or that hold a key not in `known`, when
 * the client is made. A caller whose options may be left out checks `undefined` first.
 * @param client - what made it (`new PartnerClient()`, `createTransport()`).
 * @param at - where `options` sits in the client's options, for a nested object (`renewal`).
 * @throws ConfigurationError: `` createRedisStores(): `events` must be an object: { ... } ``, or
 *   naming each unknown key: `new PartnerClient(): timout is an unknown option (known: ...)`.
 */
export function refuseUnknownClientOptions(
  options: unknown,
  known: readonly string[],
  client: string,
  at?: string,
): asserts options is object {
  // A string's keys are its characters, and null has none: say what was expected instead.
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError(
      `${client}: ${at === undefined ? 'options' : `\`${at}\``} must be an object: { ${known.join(', ')} }`,
    );
  const issues = unknownOptionIssues(options, known);
  if (issues.length > 0)
    throw new ConfigurationError(
      `${client}: ${issues.map((issue) => `${at === undefined ? '' : `${at}.`}${String(issue.path[0])} ${issue.message}`).join('; ')}`,
    );
}
