/**
 * One mock service for both APIs: the Partner fake at `/` and the CMS fake at `/wp-json`,
 * as `viewlink-mock` serves them and as the demo and partners' tests use them.
 */

import { checkApiKeys, checkFakeOptions } from './core/internal/fake-options.js';
import { withRequestId } from './core/internal/request-id.js';
import { mount } from './core/mount.js';
import type { Handle } from './core/router.js';
import { type CmsFake, type CmsFakeOptions, createCmsFake } from './fakes/cms/index.js';
import { CMS_FAKE_OPTION_NAMES } from './fakes/cms/internal/option-names.js';
import { checkCmsUsers } from './fakes/cms/internal/users-option.js';
import { createPartnerFake, type PartnerFake, type PartnerFakeOptions } from './fakes/partner/index.js';
import { PARTNER_FAKE_OPTION_NAMES } from './fakes/partner/internal/option-names.js';

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /** Options of the Partner fake (users, clock, token lifetimes...); defaults as in {@link createPartnerFake}. */
  readonly partner?: PartnerFakeOptions;
  /** Options of the CMS fake (users, site name, REST root); defaults as in {@link createCmsFake}. */
  readonly cms?: CmsFakeOptions;
}

/** The names of {@link MockServiceOptions} (the compiler keeps the list complete). */
const MOCK_SERVICE_OPTION_NAMES = /* @__PURE__ */ Object.keys({ partner: true, cms: true } satisfies {
  readonly [Name in keyof Required<MockServiceOptions>]: true;
});

/** Both fakes behind one handle. */
export interface MockService {
  /** Answers any request: `/v1/...` goes to the Partner fake, `/wp-json/...` to the CMS fake. */
  readonly handle: Handle;
  /** The Partner fake behind `/`: its state, clock, faults and webhooks, for seeding and assertions. */
  readonly partner: PartnerFake;
  /** The CMS fake behind `/wp-json`: its store and users, for seeding and assertions. */
  readonly cms: CmsFake;
  /**
   * The answer to a method no route of the URL's path takes, including those a `Request` cannot
   * carry (`TRACE`, `TRACK`, `CONNECT`): 405 with `Allow`, in the envelope of the API the path belongs to.
   */
  refuseMethod(method: string, url: URL): Promise<Response>;
  /**
   * Puts both fakes back as they were created (see {@link PartnerFake.reset}); call it between
   * tests (`afterEach(() => service.reset())`). `POST /__mock/reset` does the same on a served mock.
   */
  reset(): Promise<void>;
}

/**
 * The site's home page as WordPress answers it for discovery: a `Link` header naming the REST
 * root, so a `CmsClient` given only the origin finds `/wp-json/` with one request.
 */
function home(url: URL, method: string, configuredRoot: string | undefined): Response {
  const restRoot = `${(configuredRoot ?? `${url.origin}/wp-json`).replace(/\/$/, '')}/`;
  const headers = { link: `<${restRoot}>; rel="https://api.w.org/"`, 'content-type': 'application/json' };
  const body = JSON.stringify({ name: 'viewlink-mock', partner_api: url.origin, cms_rest_root: restRoot });
  return new Response(method === 'HEAD' ? null : body, { status: 200, headers });
}

/**
 * Creates the Partner and CMS fakes and mounts them on one origin.
 * @throws ConfigurationError (of `@viewlink/transport`) for options that are not objects or an
 *   option name it or a fake does not take: `createMockService(): partner.accessTokenTTL is an unknown option (known: ...)`.
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  // Each fake's options named where the caller wrote them (`partner.accessTokenTTL`), before either is made.
  const what = 'createMockService()';
  checkFakeOptions(options, MOCK_SERVICE_OPTION_NAMES, what);
  checkFakeOptions(options.partner, PARTNER_FAKE_OPTION_NAMES, what, 'partner');
  checkApiKeys(options.partner?.apiKeys, what, 'partner.apiKeys');
  checkFakeOptions(options.cms, CMS_FAKE_OPTION_NAMES, what, 'cms');
  checkCmsUsers(options.cms?.users, what, 'cms.users');
  const partner = createPartnerFake(options.partner);
  const cms = createCmsFake(options.cms);
  const mounted = mount([
    { prefix: '/wp-json', handle: cms.handle },
    { prefix: '', handle: partner.handle },
  ]);
  const reset = async (): Promise<void> => {
    cms.reset();
    await partner.reset();
  };
  // `POST /__mock/reset` is the Partner fake's control route; once it answered, the CMS fake is emptied too.
  const handle: Handle = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/' && (request.method === 'GET' || request.method === 'HEAD'))
      return withRequestId(home(url, request.method, options.cms?.restRoot));
    const response = await mounted(request);
    if (url.pathname === '/__mock/reset' && request.method === 'POST' && response.ok) cms.reset();
    return withRequestId(response);
  };
  const refuseMethod: MockService['refuseMethod'] = (method, url) => {
    const { pathname } = url;
    if (pathname === '/wp-json' || pathname.startsWith('/wp-json/'))
      return cms.router.refuseMethod(method, pathname.slice('/wp-json'.length) || '/');
    return partner.router.refuseMethod(method, pathname);
  };
  return { handle, partner, cms, refuseMethod, reset };
}
