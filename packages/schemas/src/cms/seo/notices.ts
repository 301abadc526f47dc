/** seo/v1 notices: introductions, alerts and dismissals of banners and prompts. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoDismissalBody, seoRoute, seoUnknown } from './common.js';

/** Introduction ids: letters, digits, underscore, hyphen. */
export const SEO_INTRODUCTION_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** `{introduction_id}` path params. */
export const seoIntroductionParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    introduction_id: described(
      z.string().check(z.regex(SEO_INTRODUCTION_ID_PATTERN, 'must be letters, digits, _ or -')),
      'Id of the introduction (letters, digits, `_`, `-`).',
    ),
  }),
);
/** Body of `introductions/{introduction_id}/seen`. */
export const seoIntroductionSeenBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    is_seen: described(z._default(z.boolean(), true), 'true (the default) marks it seen, false marks it not seen.'),
  }),
);
/** Input type of {@link seoIntroductionSeenBody}. */
export type { SeoIntroductionSeenBody } from '../../generated/types.js';

/** Body of `new-content-type-visibility/dismiss-post-type`. */
export const seoDismissPostTypeBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    postTypeName: described(z.optional(z.string()), 'Name of the new post type whose notice to dismiss.'),
  }),
);
/** Body of `new-content-type-visibility/dismiss-taxonomy`. */
export const seoDismissTaxonomyBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    taxonomyName: described(z.optional(z.string()), 'Name of the new taxonomy whose notice to dismiss.'),
  }),
);
/** Body of `alerts/dismiss`. */
export const seoAlertDismissBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    key: described(z.string(), 'Key of the alert to dismiss.'),
  }),
);

/** Notice routes. */
export const seoNoticesRoutes: T.SeoNoticesRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/introductions/{introduction_id}/seen': seoRoute({
      method: 'POST',
      path: '/seo/v1/introductions/{introduction_id}/seen',
      operationId: 'seoSetIntroductionSeen',
      summary: 'Mark an introduction as seen (or, with `is_seen: false`, as not seen).',
      params: seoIntroductionParams,
      body: seoIntroductionSeenBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/new-content-type-visibility/dismiss-post-type': seoRoute({
      method: 'POST',
      path: '/seo/v1/new-content-type-visibility/dismiss-post-type',
      operationId: 'seoDismissNewPostType',
      summary: 'Dismiss the notice about a new post type.',
      body: seoDismissPostTypeBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/new-content-type-visibility/dismiss-taxonomy': seoRoute({
      method: 'POST',
      path: '/seo/v1/new-content-type-visibility/dismiss-taxonomy',
      operationId: 'seoDismissNewTaxonomy',
      summary: 'Dismiss the notice about a new taxonomy.',
      body: seoDismissTaxonomyBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/site_integration_configuration_permanent_dismissal': seoRoute({
      method: 'POST',
      path: '/seo/v1/site_integration_configuration_permanent_dismissal',
      operationId: 'seoDismissSiteIntegrationConfiguration',
      summary: 'Dismiss the site integration configuration prompt for good.',
      body: seoDismissalBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/alerts/dismiss': seoRoute({
      method: 'POST',
      path: '/seo/v1/alerts/dismiss',
      operationId: 'seoDismissAlert',
      summary: 'Dismiss an alert by its key.',
      body: seoAlertDismissBody,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
