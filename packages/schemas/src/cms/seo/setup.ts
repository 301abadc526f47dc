/** seo/v1 setup: the setup widget tracking and the first-time configuration steps. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described, describedCopy } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** `yes` or `no` of the setup widget flags. */
export const seoYesNo = /* @__PURE__ */ lazy(() => z.enum(['yes', 'no']));
/** Setup stages, in order. */
export const SEO_SETUP_STAGES = ['install', 'activate', 'setup', 'grantConsent', 'successfullyConnected'] as const;
/** A setup stage. */
export const seoSetupStage = /* @__PURE__ */ lazy(() => z.enum(SEO_SETUP_STAGES));
/** Type of {@link seoSetupStage}. */
export type { SeoSetupStage } from '../../generated/types.js';

/** Body of `setup_steps_tracking`: every field optional. */
export const seoSetupStepsBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    setup_widget_loaded: described(z.optional(seoYesNo), 'Whether the setup widget has loaded: `yes` or `no`.'),
    setup_widget_temporarily_dismissed: described(
      z.optional(seoYesNo),
      'Whether the setup widget was dismissed for now: `yes` or `no`.',
    ),
    setup_widget_permanently_dismissed: described(
      z.optional(seoYesNo),
      'Whether the setup widget was dismissed for good: `yes` or `no`.',
    ),
    first_interaction_stage: described(
      z.optional(seoSetupStage),
      'Stage of the first interaction: `install`, `activate`, `setup`, `grantConsent` or `successfullyConnected`.',
    ),
    last_interaction_stage: described(
      z.optional(seoSetupStage),
      'Stage of the latest interaction: `install`, `activate`, `setup`, `grantConsent` or `successfullyConnected`.',
    ),
  }),
);
/** Input type of {@link seoSetupStepsBody}. */
export type { SeoSetupStepsBody } from '../../generated/types.js';

/** Whether the site represents a `company` or a `person`. */
export const seoCompanyOrPerson = /* @__PURE__ */ lazy(() => z.enum(['company', 'person']));
/** Body of `configuration/site_representation`. */
export const seoSiteRepresentationBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    company_or_person: describedCopy(seoCompanyOrPerson, 'Whether the site represents a `company` or a `person`.'),
    company_name: described(z.optional(z.string()), 'Name of the company the site represents.'),
    company_logo: described(z.optional(z.string()), "URL of the company's logo."),
    company_logo_id: described(z.optional(z.int()), "Media id of the company's logo."),
    person_logo: described(z.optional(z.string()), "URL of the person's logo or picture."),
    person_logo_id: described(z.optional(z.int()), "Media id of the person's logo or picture."),
    company_or_person_user_id: described(z.optional(z.int()), 'User id of the person the site represents.'),
    description: described(z.optional(z.string()), 'Short description of the site (its tagline).'),
  }),
);
/** Input type of {@link seoSiteRepresentationBody}. */
export type { SeoSiteRepresentationBody } from '../../generated/types.js';

/** Body of `configuration/social_profiles`; `other_social_urls` are profile URLs. */
export const seoSocialProfilesBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    first_social_site: described(
      z.optional(z.string()),
      "The organization's profile on the first named social platform.",
    ),
    second_social_site: described(
      z.optional(z.string()),
      "The organization's profile on the second named social platform.",
    ),
    other_social_urls: described(z.optional(z.array(z.string())), "URLs of the organization's other social profiles."),
  }),
);
/** Input type of {@link seoSocialProfilesBody}. */
export type { SeoSocialProfilesBody } from '../../generated/types.js';

/** Query of `configuration/check_capability`: the user whose profile would be edited. */
export const seoCheckCapabilityQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    user_id: described(z.int(), 'Id of the user whose profile would be edited.'),
  }),
);
/** Body of `configuration/enable_tracking`. */
export const seoEnableTrackingBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    tracking: described(z.boolean(), 'true turns usage tracking on, false turns it off.'),
  }),
);
/** Body of `configuration/save_configuration_state`: names of the finished steps. */
export const seoConfigurationStateBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    finishedSteps: described(z.array(z.string()), 'Names of the configuration steps finished so far.'),
  }),
);
/** Input type of {@link seoConfigurationStateBody}. */
export type { SeoConfigurationStateBody } from '../../generated/types.js';

/** Setup routes. */
export const seoSetupRoutes: T.SeoSetupRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/setup_steps_tracking': seoRoute({
      method: 'POST',
      path: '/seo/v1/setup_steps_tracking',
      operationId: 'seoTrackSetupSteps',
      summary: 'Record setup widget state and the first and last interaction stage.',
      body: seoSetupStepsBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/configuration/site_representation': seoRoute({
      method: 'POST',
      path: '/seo/v1/configuration/site_representation',
      operationId: 'seoSetSiteRepresentation',
      summary: 'Set whether the site is a company or a person, with name and logo.',
      body: seoSiteRepresentationBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/configuration/social_profiles': seoRoute({
      method: 'POST',
      path: '/seo/v1/configuration/social_profiles',
      operationId: 'seoSetSocialProfiles',
      summary: "Set the organization's social profiles.",
      body: seoSocialProfilesBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/configuration/check_capability': seoRoute({
      method: 'GET',
      path: '/seo/v1/configuration/check_capability',
      operationId: 'seoCheckCapability',
      summary: "Whether the current user may edit another user's profile.",
      query: seoCheckCapabilityQuery,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/configuration/enable_tracking': seoRoute({
      method: 'POST',
      path: '/seo/v1/configuration/enable_tracking',
      operationId: 'seoEnableTracking',
      summary: 'Turn usage tracking on or off.',
      body: seoEnableTrackingBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/configuration/save_configuration_state': seoRoute({
      method: 'POST',
      path: '/seo/v1/configuration/save_configuration_state',
      operationId: 'seoSaveConfigurationState',
      summary: 'Save which configuration steps are finished.',
      body: seoConfigurationStateBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/configuration/get_configuration_state': seoRoute({
      method: 'GET',
      path: '/seo/v1/configuration/get_configuration_state',
      operationId: 'seoGetConfigurationState',
      summary: 'Which configuration steps are finished.',
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
