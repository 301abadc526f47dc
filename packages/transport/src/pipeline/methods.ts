/**
 * Methods from the tables, one way for every client (octokit's endpoint methods are the model):
 * a method is data, the route key it calls and where each of its arguments goes in that route's
 * input, and {@link defineMethods} turns a set of such definitions into functions. What a call
 * then does (send through the route client, paginate, adopt a user's pair first) is the
 * client's {@link MethodInvoker}, one per client. A `ValidationError` names the method the user
 * wrote (`posts.get()`, `user.watchlist()`), not the route key.
 */
import { ConfigurationError, ValidationError } from '../errors/tree.js';
import type { RouteCallInput } from './prepare.js';

/**
 * Where one positional argument of a method goes in the route's input:
 * `'query'` or `'body'` (the argument is that part), `'params.<name>'` (one path parameter, e.g.
 * `'params.id'`), or `'input'` (flat: path parameters, query and body fields in one object, which
 * the client splits by the route's schemas).
 */
export type ArgumentRole = 'query' | 'body' | 'input' | `params.${string}`;

/** One method as data. */
export interface MethodDefinition<Key extends string = string> {
  /** The route key the method calls, e.g. `'GET /cms/v2/posts/{id}'`. */
  readonly route: Key;
  /** Where each positional argument before the call options goes, in order. Default: none. */
  readonly args?: readonly ArgumentRole[] | undefined;
  /**
   * Input taken from the call options, merged over the arguments' (a delete's `force` goes to the
   * query; a disconnect's `keepData` to the body). It may throw a `ValidationError` for options
   * the route's schemas cannot judge (a required choice): nothing is sent then.
   */
  fromOptions?(options: object | undefined): RouteCallInput | undefined;
  /** What the client's invoker does with the call, when it does more than one kind (`'pages'`). */
  readonly kind?: string | undefined;
}

/** One call of a defined method, as its client's invoker receives it. */
export interface MethodCall<
  Key extends string = string,
  Definition extends MethodDefinition<Key> = MethodDefinition<Key>,
> {
  /** The method's definition (a client's own definition type, when it adds fields for its invoker). */
  readonly definition: Definition;
  /** The route's input built from the arguments (and the options, by `fromOptions`). */
  readonly input: RouteCallInput;
  /** The flat argument (role `'input'`), for the client to split by the route's schemas. */
  readonly flat: Readonly<Record<string, unknown>> | undefined;
  /** The call options (the argument after the positional ones), as given. */
  readonly options: object | undefined;
  /** The method as the user wrote it, e.g. `posts.get()`: what a ValidationError names. */
  readonly callSite: string;
}

/** What a client does with each call of its methods: usually `routes.call(...)` and the data. */
export type MethodInvoker<
  Key extends string = string,
  Definition extends MethodDefinition<Key> = MethodDefinition<Key>,
> = (call: MethodCall<Key, Definition>) => unknown;

/** Definitions of an object's methods, by method name. */
export type MethodDefinitions<
  Methods,
  Key extends string = string,
  Definition extends MethodDefinition<Key> = MethodDefinition<Key>,
> = {
  readonly [Name in keyof Methods]: Definition;
};

/** A defined method carries the route key it calls (for docs, logs and tests that walk every method). */
export interface RouteKeyed<Key extends string = string> {
  /** The route key of the method's definition, e.g. `'GET /cms/v2/posts/{id}'`. */
  readonly routeKey: Key;
}

/**
 * Turns definitions into methods over `invoke`. `Methods` is the interface users see (its doc
 * comments and names are what the editor shows); the definitions must name each of its methods.
 * `prefix` makes call sites: `'posts'` gives `posts.get()`. A client whose invoker needs more than
 * a route and argument roles (a custom step of one method) gives its own `Definition` type, and
 * its invoker receives it. Each method also carries its `routeKey` ({@link RouteKeyed}).
 * @throws TypeError for a definition whose argument roles are not known (a bug, at build time).
 */
export function defineMethods<
  Methods,
  Key extends string = string,
  Definition extends MethodDefinition<Key> = MethodDefinition<Key>,
>(
  definitions: MethodDefinitions<Methods, Key, Definition>,
  invoke: MethodInvoker<Key, Definition>,
  prefix: string,
): Methods {
  return makeMethods(definitions, invoke, prefix, argumentsOf);
}

/**
 * {@link defineMethods} without argument roles, for a client with a bundle budget (the browser
 * facade's): the same methods over `invoke` (call sites, rejections, `routeKey`), each taking one
 * argument, its call options, which the invoker reads (`call.options`); `call.input` is empty.
 * The argument roles and `fromOptions` (about 0.3 kB gzipped) stay out of such a bundle.
 */
export function defineLightMethods<
  Methods,
  Key extends string = string,
  Definition extends LightMethodDefinition<Key> = LightMethodDefinition<Key>,
>(
  definitions: MethodDefinitions<Methods, Key, Definition>,
  invoke: MethodInvoker<Key, Definition>,
  prefix: string,
): Methods {
  return makeMethods(definitions, invoke, prefix);
}

/** A definition for {@link defineLightMethods}: a route and the client's own fields, no argument roles. */
export interface LightMethodDefinition<Key extends string = string> extends MethodDefinition<Key> {
  /** None: the method's one argument is its call options. */
  readonly args?: never;
  /** None: the invoker reads the call options itself. */
  readonly fromOptions?: never;
}

/** How a definition's arguments make a call's route input: how many come before the options, and the build. */
interface Arguments {
  readonly arity: number;
  /** Absent for a method without arguments or options input (a plain read): it shares one empty input. */
  readonly build?: ((args: readonly unknown[], options: object | undefined) => BuiltInput) | undefined;
}

type BuiltInput = { readonly input: RouteCallInput; readonly flat: Readonly<Record<string, unknown>> | undefined };

/** The argument roles of a definition, checked once when the methods are made. */
function argumentsOf(definition: MethodDefinition, name: string): Arguments {
  const roles = definition.args ?? [];
  for (const role of roles) {
    if (role !== 'query' && role !== 'body' && role !== 'input' && !role.startsWith('params.'))
      throw new TypeError(`defineMethods: ${name} has an unknown argument role ${JSON.stringify(role)}`);
  }
  return {
    arity: roles.length,
    build:
      roles.length === 0 && definition.fromOptions === undefined
        ? undefined
        : (args, options) => buildInput(roles, args, definition, options),
  };
}

/** The one mechanism of both: a function per definition over `invoke`, named at its call site. */
function makeMethods<Methods, Key extends string, Definition extends MethodDefinition<Key>>(
  definitions: MethodDefinitions<Methods, Key, Definition>,
  invoke: MethodInvoker<Key, Definition>,
  prefix: string,
  argumentsFor?: (definition: Definition, name: string) => Arguments,
): Methods {
  const methods: Record<string, unknown> = {};
  for (const name of Object.keys(definitions) as (keyof Methods & string)[]) {
    const definition: Definition = definitions[name];
    const { arity = 0, build } = argumentsFor?.(definition, name) ?? {};
    const callSite = prefix === '' ? `${name}()` : `${prefix}.${name}()`;
    // The invoker's rejections named at the call site; one function per method, not per call.
    const renamed = (error: unknown) => Promise.reject(atCallSite(error, callSite));
    const method = (...args: unknown[]): unknown => {
      const options = args[arity] as object | undefined;
      let result: unknown;
      try {
        const { input, flat } = build ? build(args, options) : NO_INPUT;
        result = invoke({ definition, input, flat, options, callSite });
      } catch (error) {
        // Bad input, or an invoker that throws before it has a promise (a check of its own):
        // the call rejects like any other failure.
        return renamed(error);
      }
      return result instanceof Promise ? result.catch(renamed) : result;
    };
    methods[name] = Object.assign(method, { routeKey: definition.route } satisfies RouteKeyed<Key>);
  }
  // The one cast of the mechanism: the functions above take each definition's arguments in its
  // order, which is what `Methods` declares; TypeScript cannot relate a runtime loop to a mapped type.
  return Object.freeze(methods) as Methods;
}

const NO_INPUT: BuiltInput = Object.freeze({
  input: Object.freeze({}),
  flat: undefined,
});

/** The route input of one call: each argument in its place, then the options' part. */
function buildInput(
  roles: readonly ArgumentRole[],
  args: readonly unknown[],
  definition: MethodDefinition,
  options: object | undefined,
): { input: RouteCallInput; flat: Readonly<Record<string, unknown>> | undefined } {
  let params: Record<string, unknown> | undefined;
  let query: unknown;
  let body: unknown;
  let flat: Record<string, unknown> | undefined;
  roles.forEach((role, index) => {
    const value = args[index];
    if (role === 'query') query = value;
    else if (role === 'body') body = value;
    else if (role === 'input') flat = (value ?? {}) as Record<string, unknown>;
    else {
      params ??= {};
      params[role.slice('params.'.length)] = value;
    }
  });
  const extra = definition.fromOptions?.(options);
  if (extra?.query !== undefined) query = query === undefined ? extra.query : { ...(query as object), ...extra.query };
  if (extra?.body !== undefined) body = body === undefined ? extra.body : { ...(body as object), ...extra.body };
  const input: RouteCallInput = {
    ...(params === undefined ? {} : { params }),
    ...(query === undefined ? {} : { query }),
    ...(body === undefined ? {} : { body }),
  };
  return { input, flat };
}

/**
 * A `ValidationError` (input refused before sending) named at the method the user called. An
 * error of a request is led by the call already: the invoker passes `callSite` to the request's
 * run (`CallOptions.callSite`), which puts it in every error it makes.
 */
export function atCallSite(error: unknown, callSite: string): unknown {
  return error instanceof ValidationError && error.constructor === ValidationError
    ? new ValidationError(callSite, error.issues)
    : error;
}

/**
 * A `ConfigurationError` (an option refused) led by the call that was given the options
 * (`new PartnerClient(): `, `createRedisStores(): `), in place of a call an inner check named
 * (`new RedisTokenStore()` inside `createRedisStores()`); `rename` rewrites the message first (an
 * option's path as the caller wrote it). Anything else, a subclass included, as it is.
 */
export function configAtCallSite(
  error: unknown,
  callSite: string,
  rename: (message: string) => string = (message) => message,
): unknown {
  if (!(error instanceof ConfigurationError) || error.constructor !== ConfigurationError) return error;
  const message = rename(error.message).replace(/^(?:new )?[A-Za-z]+\(\): /, '');
  return new ConfigurationError(`${callSite}: ${message}`);
}
