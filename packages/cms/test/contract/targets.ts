/**
 * The two servers every contract scenario runs against: the CMS fake of `@viewlink/mock`
 * (`createMockService()` served on 127.0.0.1, REST root `/wp-json`, spec namespace names) and a
 * real WordPress 6.5.5 (scripts/wordpress/start.sh) with the `cms` namespace mapped to `wp/v2`.
 * global-setup.ts starts both and provides them; scenarios run `describe.each(targets())`.
 */
import { CmsClient, type CmsCompat, type NamespaceMap } from '@viewlink/cms';
import { inject } from 'vitest';

/** A user of a target. */
export interface ContractUser {
  readonly username: string;
  readonly applicationPassword: string;
}

/** One server the scenarios run against. */
export interface ContractTarget {
  /** `fake` or `wordpress` (the describe title: never the whole object, it holds passwords). */
  readonly name: 'fake' | 'wordpress';
  /** Base URL, e.g. `http://127.0.0.1:8888`. */
  readonly baseUrl: string;
  /** The REST root, e.g. `http://127.0.0.1:8888/wp-json/`. */
  readonly restRoot: string;
  /** Namespace mapping the client needs for this server (`{ cms: 'wp/v2' }` for WordPress). */
  readonly namespaces: NamespaceMap;
  /** Server profile of the client: `'wordpress'` for the real WordPress (spec names in the tests' code). */
  readonly compat?: CmsCompat | undefined;
  /** An administrator. */
  readonly admin: ContractUser;
  /** A subscriber: logged in, but not allowed to create posts. */
  readonly subscriber: ContractUser;
  /** An editor: a second user who may edit (autosaves are kept per user). */
  readonly editor: ContractUser;
  /** A second administrator: a second user who may edit templates (WordPress lets only administrators). */
  readonly admin2: ContractUser;
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractTargets: ContractTarget[];
  }
}

/** The targets global-setup.ts started: both, unless CONTRACT_TARGETS narrows them. */
export function targets(): ContractTarget[] {
  const list = inject('contractTargets');
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(
      'No contract targets: run this suite with -c vitest.contract.config.ts (its globalSetup starts them)',
    );
  }
  return list;
}

/** Who a client acts as. */
export type As = 'admin' | 'subscriber' | 'editor' | 'admin2' | 'anonymous';

/** A client for a target, as `admin` (default), `subscriber`, `editor` or `anonymous`; `password` replaces the user's. */
export function clientFor(target: ContractTarget, as: As = 'admin', password?: string): CmsClient {
  const user = as === 'anonymous' ? undefined : target[as];
  return new CmsClient({
    baseUrl: target.baseUrl,
    restRoot: target.restRoot,
    namespaces: target.namespaces,
    ...(target.compat ? { compat: target.compat } : {}),
    retry: false,
    ...(user ? { auth: { username: user.username, applicationPassword: password ?? user.applicationPassword } } : {}),
  });
}

let counter = 0;
/** A string unique to this run, for titles and slugs that must not collide with earlier runs on the same site. */
export function unique(prefix = 'vl'): string {
  counter += 1;
  // Hex, never base 36: WordPress texturizes "1x6" in titles into "1&#215;6".
  return `${prefix}-${Date.now().toString(16)}-${process.pid.toString(16)}-${counter}`;
}

/**
 * Saves theme template `id` twice with new content, so it has a post behind it and at least one
 * revision whatever ran before on the site: a never-saved template answers its revision routes 403,
 * and its first save makes no revision (WordPress 6.5.5, the fake likewise).
 */
export async function templateWithRevision(cms: CmsClient, id = 'twentytwentyfour//index'): Promise<void> {
  for (let save = 0; save < 2; save++)
    await cms.templates.update(id, { content: `<!-- wp:paragraph --><p>${unique('tpl')}</p><!-- /wp:paragraph -->` });
}

/** Runs `fn` and returns what it threw (fails when it does not throw). */
export async function failure(fn: () => PromiseLike<unknown>): Promise<Record<string, unknown>> {
  try {
    await fn();
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
