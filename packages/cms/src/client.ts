/**
 * `CmsClient`: the typed client of the CMS REST interface (a WordPress REST API with remappable
 * namespaces). Every method is a thin wrapper over the route table in `@viewlink/schemas`.
 */

import { postRoutes } from '@viewlink/schemas';
import { atCallSite } from '@viewlink/transport';
import { CmsBatch } from './batch/builder.js';
import type { BatchOptions } from './batch/types.js';
import { callOptions, checkCallOptions } from './core/call-options.js';
import { specNamer, WORDPRESS_POST_RULES } from './core/compat.js';
import type { DiscoveryReport } from './core/discovery-report.js';
import type { CmsClientOptions } from './core/options.js';
import {
  type RawRequest,
  type RequestCallOptions,
  type RouteInput,
  type RouteOutput,
  RouteRequester,
  type RouteResponse,
} from './core/route-request.js';
import type { CmsRequester, CmsRouteKey, CmsRoutes } from './core/routes.js';
import { type ClientCore, createClientCore } from './internal/client-core.js';
import { lazyFeatures } from './internal/lazy-methods.js';
import { cmsMethodName } from './internal/method-names.js';
import { RouteGroups } from './internal/route-groups.js';
import { Blocks } from './resources/blocks.js';
import { MediaResource } from './resources/media.js';
import { MenuItems } from './resources/menu-items.js';
import { OEmbed } from './resources/oembed.js';
import { Pages } from './resources/pages.js';
import { Posts } from './resources/posts.js';
import type { ResourceContext } from './resources/resource.js';
import { Site } from './resources/site.js';
import { Templates } from './resources/templates.js';
import type { Forms } from './resources/tools/forms.js';
import type { Seo } from './resources/tools/seo.js';

/** Arguments of {@link CmsClient.request}: the input may be omitted when every field is optional. */
export type RequestArgs<K extends CmsRouteKey> =
  {} extends RouteInput<CmsRoutes[K]>
    ? [input?: RouteInput<CmsRoutes[K]>, options?: RequestCallOptions]
    : [input: RouteInput<CmsRoutes[K]>, options?: RequestCallOptions];

/**
 * The CMS client.
 *
 * ```ts
 * const cms = new CmsClient({
 *   baseUrl: 'https://example.com',
 *   namespaces: { cms: 'wp/v2' }, // a stock WordPress
 *   auth: { username: 'editor', applicationPassword: process.env.WP_APP_PASSWORD! },
 * });
 * for await (const post of cms.posts.list({ per_page: 100 })) console.log(post.id);
 * ```
 */
export class CmsClient {
  readonly #core: ClientCore<CmsRoutes, CmsRequester>;
  readonly #context: ResourceContext;
  // Each resource is built on first use: a site that reads posts builds posts alone.
  #posts: Posts | undefined;
  #pages: Pages | undefined;
  #media: MediaResource | undefined;
  #menuItems: MenuItems | undefined;
  #blocks: Blocks | undefined;
  #templates: Templates | undefined;
  #oembed: OEmbed | undefined;
  #site: Site | undefined;
  #seo: Seo | undefined;
  #forms: Forms | undefined;

  /** @throws ConfigurationError on unusable options (bad URL, Basic auth over plain http, bad namespace). */
  constructor(options: CmsClientOptions) {
    // The posts routes now, every other group on first use (internal/route-groups.ts).
    const groups = new RouteGroups(postRoutes, WORDPRESS_POST_RULES);
    this.#core = createClientCore(options, {
      name: 'CmsClient',
      // The CMS table as far as it is loaded: a route of a group not loaded yet is loaded before use.
      table: groups.table as CmsRoutes,
      Requester: RouteRequester,
      rules: groups.rules,
      renames: groups.renames,
      specNames: specNamer(groups.rules, groups.renames),
      groups,
      methodName: cmsMethodName,
    });
    this.#context = { invoke: this.#core.invoke };
  }

  /** Posts, with `revisions` and `autosaves`. */
  get posts(): Posts {
    this.#posts ??= new Posts(this.#context);
    return this.#posts;
  }
  /** Pages, with `revisions` and `autosaves`. */
  get pages(): Pages {
    this.#pages ??= new Pages(this.#context);
    return this.#pages;
  }
  /** Media: upload, edit, post-process. */
  get media(): MediaResource {
    this.#media ??= new MediaResource(this.#context);
    return this.#media;
  }
  /** Navigation menu items, with `autosaves`. */
  get menuItems(): MenuItems {
    this.#menuItems ??= new MenuItems(this.#context);
    return this.#menuItems;
  }
  /** Reusable blocks, with `revisions` and `autosaves`. */
  get blocks(): Blocks {
    this.#blocks ??= new Blocks(this.#context);
    return this.#blocks;
  }
  /** Template revisions and autosaves (`theme//slug` ids). */
  get templates(): Templates {
    this.#templates ??= new Templates(this.#context);
    return this.#templates;
  }
  /** oEmbed `embed` and `proxy`. */
  get oembed(): OEmbed {
    this.#oembed ??= new OEmbed(this.#context);
    return this.#oembed;
  }
  /** The site index. */
  get site(): Site {
    this.#site ??= new Site(this.#context);
    return this.#site;
  }
  /** seo/v1, grouped by feature: `client.seo.ai.getSuggestions(...)`. */
  get seo(): Seo {
    // Its methods and routes load on the first call (internal/lazy-methods.ts).
    this.#seo ??= lazyFeatures('seo', async () => (await import('./resources/tools/seo.js')).createSeo(this.#context));
    return this.#seo;
  }
  /** forms/v1: `client.forms.setupWizard.completeSetupWizard(...)`. */
  get forms(): Forms {
    this.#forms ??= lazyFeatures('forms', async () =>
      (await import('./resources/tools/forms.js')).createForms(this.#context),
    );
    return this.#forms;
  }

  /**
   * A batch of typed writes (posts, pages, menu items, blocks) run through /batch/v1:
   * `await client.batch().posts.create({ title: 'A' }).posts.delete(5, { force: true }).run()`.
   * @throws ValidationError for an option other than `validation`, or a `validation` it does not know.
   */
  batch(options?: BatchOptions): CmsBatch {
    return new CmsBatch(this.#core.requester, options);
  }

  /**
   * The typed route requester (validation, namespace mapping, transport): the building block of
   * every method. Its calls load a route's group on first use; its synchronous `route`, `prepare`
   * and `split` need `await cms.routes.load(key)` first for a key outside the posts routes.
   */
  get routes(): CmsRequester {
    return this.#core.requester;
  }

  /** The REST root in use (discovering it on first call), e.g. `http://127.0.0.1:8888/wp-json/`. */
  async restRoot(signal?: AbortSignal): Promise<URL> {
    return new URL((await this.#core.resolver.resolve(signal)).root.href);
  }

  /**
   * Calls any route of the table by its key, typed by the table. The input merges path
   * parameters, query and body fields: `client.request('GET /cms/v2/posts/{id}', { id: 5, context: 'edit' })`.
   * @throws ValidationError naming the field, before sending, when the input does not match the route.
   */
  async request<K extends CmsRouteKey>(key: K, ...args: RequestArgs<K>): Promise<RouteOutput<CmsRoutes[K]>> {
    const [input, options] = args;
    const requester = this.#core.requester;
    // Named as the user called it, not as the resource method of the same route.
    const callSite = `request('${key}')`;
    try {
      checkCallOptions(options, undefined, callSite);
      await requester.load(key);
      const call = requester.split(key, (input ?? {}) as Record<string, unknown>);
      return (await requester.call(key, call, callOptions(options, callSite))).data;
    } catch (error) {
      throw atCallSite(error, callSite);
    }
  }

  /**
   * Sends an untyped request relative to the REST root, for routes the table does not know
   * (e.g. `{ method: 'GET', path: '/wp/v2/users/me' }`). JSON bodies are serialized; no response validation.
   */
  async requestRaw<D = unknown>(request: RawRequest, options?: RequestCallOptions): Promise<RouteResponse<D>> {
    checkCallOptions(options, undefined, 'requestRaw()');
    return this.#core.requester.raw<D>(request, options ?? {}, 'requestRaw()');
  }

  /**
   * Reads the site index and reports the namespaces, authentication endpoints, which routes of
   * our table the site serves (mapped back to their keys) and which it accepts in batches, so an
   * app can tell "this site lacks seo/v1" before calling it.
   */
  async discover(options?: RequestCallOptions): Promise<DiscoveryReport<CmsRouteKey>> {
    checkCallOptions(options, undefined, 'discover()');
    // Every route of the table is compared with the index: loaded with it, not with the client.
    const { discover } = await import('./internal/discover.js');
    return discover(this.#core, (signal) => this.restRoot(signal), options ?? {});
  }

  /** The safe, serializable view of the client: no credentials. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#core.baseUrl.href, namespaces: this.#core.namespaces.map };
  }
}
