/**
 * One mock service for both APIs: the Partner fake at `/` and the CMS fake at `/wp-json`,
 * as `viewlink-mock` serves them and as the demo and partners' tests use them.
 */
import { mount } from './core/mount.js';
import type { Handle } from './core/router.js';
import { type CmsFake, type CmsFakeOptions, createCmsFake } from './fakes/cms/index.js';
import { createPartnerFake, type PartnerFake, type PartnerFakeOptions } from './fakes/partner/index.js';

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /** Options of the Partner fake (users, clock, token lifetimes...); defaults as in {@link createPartnerFake}. */
  readonly partner?: PartnerFakeOptions;
  /** Options of the CMS fake (users, site name, REST root); defaults as in {@link createCmsFake}. */
  readonly cms?: CmsFakeOptions;
}

/** Both fakes behind one handle. */
export interface MockService {
  /** Answers any request: `/v1/...` goes to the Partner fake, `/wp-json/...` to the CMS fake. */
  readonly handle: Handle;
  /** The Partner fake behind `/`: its state, clock, faults and webhooks, for seeding and assertions. */
  readonly partner: PartnerFake;
  /** The CMS fake behind `/wp-json`: its store and users, for seeding and assertions. */
  readonly cms: CmsFake;
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

/** Creates the Partner and CMS fakes and mounts them on one origin. */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const partner = createPartnerFake(options.partner);
  const cms = createCmsFake(options.cms);
  const mounted = mount([
    { prefix: '/wp-json', handle: cms.handle },
    { prefix: '', handle: partner.handle },
  ]);
  const handle: Handle = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/' && (request.method === 'GET' || request.method === 'HEAD'))
      return home(url, request.method, options.cms?.restRoot);
    return mounted(request);
  };
  return { handle, partner, cms };
}
