/** The options of {@link CmsClient}: connection, namespaces, auth and the transport settings. */
import type { HeaderRecord, TransportOptions } from '@viewlink/transport';
import type { CmsAuth } from './auth.js';
import type { CmsCompat, RegisteredMeta } from './compat.js';
import type { NamespaceMap } from './namespaces.js';

/**
 * The transport's settings a CMS client takes as they are (`timeout`, `totalTimeout`, `retry`,
 * `logger`, `validation`): their one definition is the transport's. Uploads and other POSTs are
 * never retried; the logger also receives deprecation warnings.
 */
export type CmsTransportSettings = Pick<
  TransportOptions,
  'timeout' | 'totalTimeout' | 'retry' | 'logger' | 'validation'
>;

/** Options of {@link CmsClient}. */
export interface CmsClientOptions extends CmsTransportSettings {
  /** The site's base address, e.g. `https://example.com` or `http://127.0.0.1:8888`. */
  readonly baseUrl: string | URL;
  /**
   * The REST root, absolute (`https://example.com/wp-json/`, `https://example.com/?rest_route=/`)
   * or relative to `baseUrl`. Default: discovered from the site's
   * `Link: <...>; rel="https://api.w.org/"` header on first use.
   */
  readonly restRoot?: string | URL | undefined;
  /** Namespace names the site serves, e.g. `{ cms: 'wp/v2' }` for a stock WordPress. Default: the spec's names. */
  readonly namespaces?: NamespaceMap | undefined;
  /**
   * Server profile. `'spec'` (default): the spec's names as they are. `'wordpress'`: a stock
   * WordPress 6.5+: namespaces default to `wp/v2`, `yoast/v1`, `wpforms/v1`, spec field names
   * WordPress spells differently are renamed when sent (`pattern_category` → `wp_pattern_category`)
   * and read back under the spec's names too, and fields WordPress 6.5.5 would silently ignore are
   * refused with a `ValidationError`. Use it for any stock WordPress: docs/wordpress.md.
   */
  readonly compat?: CmsCompat | undefined;
  /**
   * Under `compat: 'wordpress'`: meta keys your site registers (`register_post_meta` with
   * `show_in_rest`) on media items and menu items, where stock WordPress registers none. Other
   * meta keys on those types are refused with a `ValidationError`, since WordPress would answer
   * 200 and store nothing. Example: `{ media: ['credit'] }`.
   */
  readonly registeredMeta?: RegisteredMeta | undefined;
  /** Credentials: an application password, a nonce (in-site code), or a hook for other schemes. */
  readonly auth?: CmsAuth | undefined;
  /** Custom fetch (tests, proxies). Default: the global fetch. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Headers added to every request. */
  readonly headers?: HeaderRecord | undefined;
  /**
   * Identical GETs in flight at once (same route, path, query, call headers and `fetchOptions`)
   * are sent once and share the response; each caller gets its own copy and keeps its own
   * `signal`. Never for other methods. Default `true`, but `false` with an `auth` hook, whose
   * headers may name a different user per call; set `true` when the hook's credential is the
   * client's. Per call: `{ dedupe: false }`.
   */
  readonly dedupe?: boolean | undefined;
}
