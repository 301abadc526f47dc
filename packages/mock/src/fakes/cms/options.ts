/** The options of the CMS fake (`createCmsFake`), apart from it so that their name list can be checked against them. */
import type { CmsFakeUser } from './auth.js';

/** Options of {@link createCmsFake}. */
export interface CmsFakeOptions {
  /**
   * Public URL of the REST root, used in the site index and `Link` header. Default: the
   * request's origin + `/wp-json`, where {@link createMockService} mounts the fake.
   */
  readonly restRoot?: string;
  /** Site name in the index. Default `Viewlink Mock Site`. */
  readonly name?: string;
  /** Application-password users. Default {@link DEFAULT_CMS_USERS} (an administrator and a subscriber). */
  readonly users?: readonly CmsFakeUser[];
  /** The clock record dates come from (ms). Default `Date.now`. */
  readonly now?: () => number;
  /**
   * A hostile server for redaction tests: every error answer echoes every credential the request
   * carried (Basic credentials decoded, nonce, cookies, the raw body) in its code, message,
   * `data.params`, `data.details` and headers. Default false.
   */
  readonly echoCredentials?: boolean;
}
