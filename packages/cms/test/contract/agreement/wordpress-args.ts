/**
 * What a WordPress site advertises about its routes' arguments, matched to the client's route
 * table: the REST index (`GET /wp-json/`) gives every route's endpoints and their `args`, and
 * `OPTIONS` on a route gives the same for that route alone (both are read, and must agree).
 */
import type { CmsClient } from '@viewlink/cms';
import { cmsRoutes } from '@viewlink/schemas';

/** One argument's schema as WordPress advertises it (a JSON Schema subset). */
export interface WpArg {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly exclusiveMaximum?: boolean;
  readonly minLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly required?: boolean;
  readonly format?: string;
  readonly default?: unknown;
  readonly items?: WpArg;
  readonly properties?: Readonly<Record<string, WpArg>> | readonly never[];
  readonly oneOf?: readonly WpArg[];
  readonly description?: string;
}

/** One endpoint of a served route. */
interface WpEndpoint {
  readonly methods: readonly string[];
  readonly args: Readonly<Record<string, WpArg>>;
}

/** One client route the site serves, with the arguments the site advertises for it. */
export interface AdvertisedRoute {
  /** The client's route key, e.g. `GET /cms/v2/posts`. */
  readonly key: string;
  /** The site's route pattern, e.g. `/wp/v2/posts/(?P<id>[\d]+)`. */
  readonly pattern: string;
  /** The served path with sample path parameters, e.g. `/wp/v2/posts/999999`. */
  readonly samplePath: string;
  /** Arguments other than the path's own placeholders, from OPTIONS on the route. */
  readonly args: Readonly<Record<string, WpArg>>;
}

/** Path placeholders of the table, with the values the checks use (ids that exist nowhere: validation runs first). */
export const SAMPLE_PARAMS: Readonly<Record<string, string | number>> = {
  id: 999999,
  parent: 999999,
  template_id: 'twentytwentyfour//index',
};

function regexOf(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`);
}

/** The table path with the namespace mapped and sample parameters filled in. */
export function servedSample(path: string, namespaces: Readonly<Record<string, string>>): string {
  let served = path;
  for (const [neutral, actual] of Object.entries(namespaces)) {
    if (served.startsWith(`/${neutral}/`) || served === `/${neutral}`)
      served = `/${actual}${served.slice(neutral.length + 1)}`;
  }
  return served.replace(/\{([a-z_]+)\}/g, (_, name: string) => String(SAMPLE_PARAMS[name] ?? 1));
}

/**
 * Every route of the client's table the site serves, with its advertised arguments. `namespaces`
 * maps the table's namespaces (`cms/v2`) to the served ones (`wp/v2`). Reads the index once and
 * OPTIONS once per served route; throws when the two disagree on a route's arguments.
 */
export async function advertisedRoutes(
  cms: CmsClient,
  namespaces: Readonly<Record<string, string>>,
): Promise<{ served: AdvertisedRoute[]; unserved: string[] }> {
  const index = (
    await cms.requestRaw<{ routes: Record<string, { endpoints: WpEndpoint[] }> }>({ method: 'GET', path: '/' })
  ).data;
  const patterns = Object.keys(index.routes).map((pattern) => ({ pattern, regex: regexOf(pattern) }));
  const served: AdvertisedRoute[] = [];
  const unserved: string[] = [];
  const options = new Map<string, WpEndpoint[]>();
  for (const [key, def] of Object.entries(cmsRoutes)) {
    const samplePath = servedSample(def.path, namespaces);
    const match = patterns.find(({ regex }) => regex.test(samplePath));
    const endpoint = match && index.routes[match.pattern]?.endpoints.find((e) => e.methods.includes(def.method));
    if (!match || !endpoint) {
      unserved.push(key);
      continue;
    }
    let fromOptions = options.get(samplePath);
    if (!fromOptions) {
      fromOptions = (await cms.requestRaw<{ endpoints: WpEndpoint[] }>({ method: 'OPTIONS', path: samplePath })).data
        .endpoints;
      options.set(samplePath, fromOptions);
    }
    const optionsEndpoint = fromOptions.find((e) => e.methods.includes(def.method));
    if (JSON.stringify(optionsEndpoint?.args) !== JSON.stringify(endpoint.args)) {
      throw new Error(`${key}: the REST index and OPTIONS ${samplePath} advertise different arguments`);
    }
    const args: Record<string, WpArg> = {};
    for (const [name, arg] of Object.entries(endpoint.args)) {
      // Path parameters are matched by the route pattern, not validated as arguments. Revision and
      // autosave routes call their owner's id `parent` (the table says {id} or {template_id}).
      if (name === 'id' && /\{(id|template_id)\}/.test(def.path)) continue;
      if (name === 'parent' && /\{parent\}|\/revisions|\/autosaves/.test(def.path)) continue;
      args[name] = arg;
    }
    served.push({ key, pattern: match.pattern, samplePath, args });
  }
  return { served, unserved };
}
