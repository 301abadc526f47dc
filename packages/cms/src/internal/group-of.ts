/**
 * Which route group a key of the CMS table is in, by its path alone (no list of keys ships with
 * the client), and the groups' order in `cmsRoutes`. A module of its own, small, shared by the
 * client (internal/route-groups.ts) and `discover()`, which loads on first use.
 */

/** The groups in the order `cmsRoutes` merges their tables (packages/schemas/src/cms/routes.ts). */
const GROUPS = [
  'site',
  'batch',
  'oembed',
  'posts',
  'pages',
  'media',
  'menu-items',
  'blocks',
  'templates',
  'seo',
  'forms',
] as const;

/** A group loaded on first use (every group but posts). */
export type LazyGroupName = Exclude<(typeof GROUPS)[number], 'posts'>;

/**
 * The group of a route key, from its path: `/cms/v2/{type}...` is `{type}` (`/cms/v2` and `/`
 * the site index), `/{namespace}/...` its namespace; `posts` for the routes a client starts
 * with; `undefined` for a path no group has.
 */
export function groupOf(key: string): LazyGroupName | 'posts' | undefined {
  const segments = key.slice(key.indexOf(' ') + 1).split('/');
  const first = segments[1] ?? '';
  const name = first === 'cms' ? (segments[3] ?? 'site') : first === '' ? 'site' : first;
  return (GROUPS as readonly string[]).includes(name) ? (name as LazyGroupName | 'posts') : undefined;
}

/** Route keys in `cmsRoutes`' order: by group, each group's keys in the order given (its table's). */
export function inTableOrder(keys: readonly string[]): string[] {
  const rank = (key: string) => (GROUPS as readonly string[]).indexOf(groupOf(key) ?? '');
  return [...keys].sort((a, b) => rank(a) - rank(b));
}
