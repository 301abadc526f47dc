/**
 * Namespace mapping. The route table names namespaces neutrally (`cms/v2`, `seo/v1`, ...); a
 * site may serve them under other names (a stock WordPress: `wp/v2`, `yoast/v1`, `wpforms/v1`).
 */
import { ConfigurationError } from '@viewlink/transport';

/** The spec's namespace names, keyed by the logical name the route table uses. */
export const DEFAULT_NAMESPACES = {
  cms: 'cms/v2',
  seo: 'seo/v1',
  forms: 'forms/v1',
  batch: 'batch/v1',
  oembed: 'oembed/1.0',
} as const;

/** Logical namespace names. */
export type NamespaceName = keyof typeof DEFAULT_NAMESPACES;

/** Namespace overrides, e.g. `{ cms: 'wp/v2', seo: 'yoast/v1', forms: 'wpforms/v1' }` for a stock WordPress. */
export type NamespaceMap = { readonly [K in NamespaceName]?: string };

/** The namespaces of a stock WordPress with Yoast SEO and WPForms. */
export const WORDPRESS_NAMESPACES = {
  cms: 'wp/v2',
  seo: 'yoast/v1',
  forms: 'wpforms/v1',
  batch: 'batch/v1',
  oembed: 'oembed/1.0',
} as const satisfies Required<NamespaceMap>;

/** Maps table paths to served paths and back. */
export class Namespaces {
  /** Logical name to served namespace, every name filled in. */
  readonly map: { readonly [K in NamespaceName]: string };

  constructor(overrides: NamespaceMap = {}) {
    if (typeof overrides !== 'object' || overrides === null)
      throw new ConfigurationError("`namespaces` must be an object like { cms: 'wp/v2', seo: 'yoast/v1' }");
    const map: Record<string, string> = { ...DEFAULT_NAMESPACES };
    for (const [name, value] of Object.entries(overrides)) {
      if (!(name in DEFAULT_NAMESPACES)) {
        throw new ConfigurationError(
          `\`namespaces.${name}\` is not a known namespace (known: ${Object.keys(DEFAULT_NAMESPACES).join(', ')})`,
        );
      }
      if (value === undefined) continue;
      if (typeof value !== 'string' || !/^[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/i.test(value)) {
        throw new ConfigurationError(`\`namespaces.${name}\` must look like 'vendor/v1', got ${JSON.stringify(value)}`);
      }
      map[name] = value;
    }
    this.map = map as Namespaces['map'];
  }

  /** The namespace a logical name is served under. */
  served(name: NamespaceName): string {
    return this.map[name];
  }

  /** `/cms/v2/posts/5` → `/wp/v2/posts/5` (paths outside the known namespaces are unchanged). */
  toServed(path: string): string {
    for (const name of Object.keys(DEFAULT_NAMESPACES) as NamespaceName[]) {
      const neutral = `/${DEFAULT_NAMESPACES[name]}`;
      if (path === neutral || path.startsWith(`${neutral}/`)) return `/${this.map[name]}${path.slice(neutral.length)}`;
    }
    return path;
  }

  /**
   * The served path template of a route: its table `namespace` (`cms`, `seo`, ...) picks the
   * mapping; routes without one fall back to their path prefix.
   */
  servedPathOf(route: { readonly path: string; readonly namespace?: string | undefined }): string {
    const name = route.namespace;
    if (name !== undefined && name in DEFAULT_NAMESPACES) {
      const neutral = `/${DEFAULT_NAMESPACES[name as NamespaceName]}`;
      if (route.path === neutral || route.path.startsWith(`${neutral}/`)) {
        return `/${this.map[name as NamespaceName]}${route.path.slice(neutral.length)}`;
      }
    }
    return this.toServed(route.path);
  }

  /** `/wp/v2/posts/(?P<id>...)` → `/cms/v2/posts/(?P<id>...)`: a served path back in table terms. */
  toTable(path: string): string {
    // Longest served namespace first, so `wp/v2` never shadows a longer one.
    const names = (Object.keys(this.map) as NamespaceName[]).sort((a, b) => this.map[b].length - this.map[a].length);
    for (const name of names) {
      const served = `/${this.map[name]}`;
      if (path === served || path.startsWith(`${served}/`))
        return `/${DEFAULT_NAMESPACES[name]}${path.slice(served.length)}`;
    }
    return path;
  }

  /** The logical name a served namespace string belongs to, if any. */
  nameOf(served: string): NamespaceName | undefined {
    return (Object.keys(this.map) as NamespaceName[]).find((name) => this.map[name] === served);
  }
}
