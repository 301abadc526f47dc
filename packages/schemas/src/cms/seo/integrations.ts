/** seo/v1 integrations: turn third-party integrations on or off. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Body of `integrations/set_active`. */
export const seoSetIntegrationBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    active: described(z.boolean(), 'true turns the integration on, false turns it off.'),
    integration: described(z.string(), 'Name of the integration.'),
  }),
);
/** Input type of {@link seoSetIntegrationBody}. */
export type { SeoSetIntegrationBody } from '../../generated/types.js';

/** Integration routes. */
export const seoIntegrationsRoutes: T.SeoIntegrationsRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/integrations/set_active': seoRoute({
      method: 'POST',
      path: '/seo/v1/integrations/set_active',
      operationId: 'seoSetIntegrationActive',
      summary: 'Turn an integration on or off, by name.',
      body: seoSetIntegrationBody,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
