/** GET /v1/services: the service catalog, public (no credential). */
import { json } from '../../../../core/router.js';
import type { FakeContext, PartnerImplementations } from '../../context.js';

/** The catalog of supported services. */
export function serviceRoutes(ctx: FakeContext): PartnerImplementations {
  return {
    'GET /v1/services': () => json({ services: ctx.services }),
  };
}
