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
  readonly partner?: PartnerFakeOptions;
  readonly cms?: CmsFakeOptions;
}

/** Both fakes behind one handle. */
export interface MockService {
  /** Answers any request: `/v1/...` goes to the Partner fake, `/wp-json/...` to the CMS fake. */
  readonly handle: Handle;
  readonly partner: PartnerFake;
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
