/**
 * Authentication schemes of the CMS client: application passwords (HTTP Basic), the
 * nonce + cookie scheme of code running inside the site's own pages, and a hook for anything else.
 */
import {
  type AuthStrategy,
  ConfigurationError,
  type HeaderRecord,
  isLoopbackHost,
  utf8Base64,
} from '@viewlink/transport';

/** WordPress application password: sent as HTTP Basic, only over https or to a loopback host. */
export interface ApplicationPasswordAuth {
  /** The user's login name. */
  readonly username: string;
  /** The application password, with or without its spaces (`abcd efgh ijkl mnop qrst uvwx`). */
  readonly applicationPassword: string;
}

/**
 * Cookie authentication for code served by the site itself: sends `X-WP-Nonce` and the
 * browser's cookies (`credentials: 'include'`). The nonce may be a function, called per request.
 */
export interface NonceAuth {
  /**
   * The `wp_rest` nonce (`wpApiSettings.nonce`), sent as `X-WP-Nonce`; or a function returning it,
   * called before every request so a refreshed nonce is picked up.
   */
  readonly nonce: string | (() => string | Promise<string>);
}

/** Any other scheme (JWT plugin, OAuth proxy): headers computed per request. */
export interface AuthHook {
  /** Headers to add to every request. */
  headers(): HeaderRecord | Promise<HeaderRecord>;
  /** Fetch `credentials` mode, e.g. `'include'` for cookie-based schemes. */
  readonly credentials?: RequestCredentials;
  /** Secret values to scrub from errors and logs. */
  secrets?(): Iterable<string | undefined>;
  /** True when the headers carry a credential that must not travel over plain http. Default true. */
  readonly requiresSecureTransport?: boolean;
  /**
   * Renews the credential after the server answered 401 (e.g. fetches a new JWT); the request is
   * then replayed once with fresh `headers()`, within the call's `totalTimeout`. Without it a 401 is final.
   */
  renew?(): void | Promise<void>;
}

/** What `auth` accepts in {@link CmsClientOptions}. */
export type CmsAuth = ApplicationPasswordAuth | NonceAuth | AuthHook;

/** Auth resolved into what the transport needs. */
export interface ResolvedAuth {
  /** Headers to add to every request. */
  readonly headers: () => HeaderRecord | Promise<HeaderRecord>;
  /** The same headers as the pipeline's auth strategy (set per attempt; renewed on 401 when the hook can). */
  readonly strategy: AuthStrategy<HeaderRecord>;
  /** Values to scrub from errors and logs. */
  readonly secrets: () => Iterable<string | undefined>;
  /** Fetch `credentials` mode (`'include'` for cookie auth). */
  readonly credentials: RequestCredentials | undefined;
  /** Whether plain-http non-loopback URLs must be refused. */
  readonly secure: boolean;
}

/** Adds the auth strategy over `headers` (and a hook's renewal). */
function withStrategy(auth: Omit<ResolvedAuth, 'strategy'>, renew?: () => Promise<unknown>): ResolvedAuth {
  const strategy: AuthStrategy<HeaderRecord> = {
    credential: auth.headers,
    apply: (credential, headers) => {
      Object.assign(headers, credential);
    },
  };
  if (renew)
    strategy.renew = async () => {
      await renew();
      return auth.headers();
    };
  return { ...auth, strategy };
}

/** Turns the `auth` option into headers, secrets and a fetch credentials mode. */
export function resolveAuth(auth: CmsAuth | undefined): ResolvedAuth | undefined {
  if (auth === undefined) return undefined;
  if (typeof auth !== 'object' || auth === null) throw new ConfigurationError('`auth` must be an object');
  if ('applicationPassword' in auth) {
    const { username, applicationPassword } = auth;
    if (typeof username !== 'string' || username.trim() === '') {
      throw new ConfigurationError('`auth.username` must be a non-empty string');
    }
    if (typeof applicationPassword !== 'string' || applicationPassword.trim() === '') {
      throw new ConfigurationError('`auth.applicationPassword` must be a non-empty string');
    }
    const header = `Basic ${utf8Base64(`${username}:${applicationPassword}`)}`;
    const compact = applicationPassword.replace(/\s+/g, '');
    return withStrategy({
      headers: () => ({ authorization: header }),
      secrets: () => [applicationPassword, compact, `${username}:${applicationPassword}`],
      credentials: undefined,
      secure: true,
    });
  }
  if ('nonce' in auth) {
    const { nonce } = auth;
    if (typeof nonce !== 'string' && typeof nonce !== 'function') {
      throw new ConfigurationError('`auth.nonce` must be a string or a function returning one');
    }
    let last: string | undefined = typeof nonce === 'string' ? nonce : undefined;
    return withStrategy({
      headers: async () => {
        last = typeof nonce === 'string' ? nonce : await nonce();
        return { 'x-wp-nonce': last };
      },
      secrets: () => [last],
      credentials: 'include',
      // Cookies go wherever the browser sends them; the nonce alone grants nothing.
      secure: false,
    });
  }
  if (typeof (auth as AuthHook).headers === 'function') {
    const hook = auth as AuthHook;
    if (hook.renew !== undefined && typeof hook.renew !== 'function')
      throw new ConfigurationError('`auth.renew` must be a function');
    return withStrategy(
      {
        headers: () => hook.headers(),
        secrets: () => hook.secrets?.() ?? [],
        credentials: hook.credentials,
        secure: hook.requiresSecureTransport ?? true,
      },
      hook.renew && (async () => hook.renew?.()),
    );
  }
  throw new ConfigurationError(
    '`auth` must be { username, applicationPassword }, { nonce } or a hook with a headers() function',
  );
}

/**
 * Refuses to send a credential in clear text: https anywhere, plain http only to a loopback host.
 * @throws ConfigurationError naming the option.
 */
export function assertSecureForAuth(url: URL, option: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  throw new ConfigurationError(
    `\`${option}\` must use https when \`auth\` is set: credentials would travel in clear text to ${url.hostname} (plain http is allowed only for loopback hosts)`,
  );
}
