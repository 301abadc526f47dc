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

/** Creates the Partner and CMS fakes and mounts them on one origin. */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const partner = createPartnerFake(options.partner);
  const cms = createCmsFake(options.cms);
  const handle = mount([
    { prefix: '/wp-json', handle: cms.handle },
    { prefix: '', handle: partner.handle },
  ]);
  return { handle, partner, cms };
}
