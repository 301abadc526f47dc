/** seo/v1 AI generator: authorization callbacks, consent, suggestions, usage, sparks. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described, describedCopy } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoEditor, seoPlatform, seoRoute, seoUnknown } from './common.js';

/** Suggestion types of `ai_generator/get_suggestions` (spec, same as the real plugin). */
export const SEO_SUGGESTION_TYPES = [
  'seo-title',
  'meta-description',
  'product-seo-title',
  'product-meta-description',
  'product-taxonomy-seo-title',
  'product-taxonomy-meta-description',
  'taxonomy-seo-title',
  'taxonomy-meta-description',
] as const;
/** What to suggest: titles or meta descriptions of posts, products, taxonomies. */
export const seoSuggestionType = /* @__PURE__ */ lazy(() => z.enum(SEO_SUGGESTION_TYPES));
/** Type of {@link seoSuggestionType}. */
export type { SeoSuggestionType } from '../../generated/types.js';

/** Body of `ai_generator/callback` and `refresh_callback`: tokens the AI service hands back. */
export const seoAiCallbackBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    access_jwt: described(z.string(), 'Access token (a JWT) the AI service issued for the site.'),
    refresh_jwt: described(z.string(), 'Refresh token (a JWT) that gets a new access token when this one expires.'),
    code_challenge: described(
      z.string(),
      'PKCE code challenge the site sent when it asked for authorization; proves the callback answers that request.',
    ),
    user_id: described(z.int(), 'Id of the WordPress user the tokens are for.'),
  }),
);
/** Input type of {@link seoAiCallbackBody}. */
export type { SeoAiCallbackBody } from '../../generated/types.js';
/** Callback answer of the real plugin: a message and the code verifier. */
export const seoAiCallbackResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    message: described(z.optional(z.string()), 'Outcome of the callback, in words.'),
    code_verifier: described(
      z.optional(z.string()),
      'PKCE code verifier matching `code_challenge`, which the AI service checks.',
    ),
  }),
);

/** Body of `ai_generator/consent`. */
export const seoAiConsentBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    consent: described(z.boolean(), "true gives the current user's consent to the AI features, false revokes it."),
  }),
);
/** Input type of {@link seoAiConsentBody}. */
export type { SeoAiConsentBody } from '../../generated/types.js';

/** Body of `ai_generator/get_suggestions`: every field required. */
export const seoAiSuggestionsBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: describedCopy(
      seoSuggestionType,
      'What to suggest: an SEO title or a meta description, of a post, product or taxonomy.',
    ),
    prompt_content: described(
      z.string(),
      'Content the suggestions are written for (the text of the post, product or term).',
    ),
    focus_keyphrase: described(z.string(), 'Focus keyphrase the suggestions should target.'),
    language: described(z.string(), 'Language to write the suggestions in.'),
    platform: describedCopy(
      seoPlatform,
      'Where the text will show: `Google` (search results), `Facebook` or `Twitter`.',
    ),
    editor: describedCopy(seoEditor, 'The editor the request comes from: `classic`, `elementor` or `gutenberg`.'),
  }),
);
/** Input type of {@link seoAiSuggestionsBody}. */
export type { SeoAiSuggestionsBody } from '../../generated/types.js';
/** Suggestions as the real plugin returns them: a list of strings. */
export const seoAiSuggestionsResponse = /* @__PURE__ */ lazy(() => z.array(z.string()));

/**
 * Error body of the AI routes in the real plugin: not the WordPress `{ code, message, data }`
 * envelope but `{ message, errorIdentifier, missingLicenses? }` with the AI service's HTTP status
 * (402 and 429 name the missing licenses), or a bare string on a 500.
 */
export const seoAiErrorBody = /* @__PURE__ */ lazy(() =>
  z.union([
    z.looseObject({
      message: described(z.string(), 'What went wrong, in words.'),
      errorIdentifier: described(z.optional(z.string()), "The AI service's code for the error."),
      missingLicenses: described(
        z.optional(z.array(z.unknown())),
        'Licenses the feature needs and the site lacks (with a 402 or 429 status).',
      ),
    }),
    z.string(),
  ]),
);
/** Type of {@link seoAiErrorBody}. */
export type { SeoAiErrorBody } from '../../generated/types.js';

/** Body of `ai_generator/get_usage`. */
export const seoAiUsageBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    is_shop_product_entity: described(
      z._default(z.boolean(), false),
      'true for the usage of shop product content (products and their taxonomies); false by default.',
    ),
  }),
);
/** Input type of {@link seoAiUsageBody}. */
export type { SeoAiUsageBody } from '../../generated/types.js';

/** AI generator routes. */
export const seoAiRoutes: T.SeoAiRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/ai_generator/callback': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_generator/callback',
      operationId: 'seoAiCallback',
      summary: 'Store the access and refresh tokens the AI service sends after authorization (called by that service).',
      body: seoAiCallbackBody,
      response: seoAiCallbackResponse,
      // Called by the AI service, which proves itself with code_challenge, not a site login.
      auth: 'none',
    }),
    'POST /seo/v1/ai_generator/refresh_callback': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_generator/refresh_callback',
      operationId: 'seoAiRefreshCallback',
      summary:
        'Store the new access and refresh tokens the AI service sends after a token refresh (called by that service).',
      body: seoAiCallbackBody,
      response: seoAiCallbackResponse,
      auth: 'none',
    }),
    'POST /seo/v1/ai_generator/consent': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_generator/consent',
      operationId: 'seoAiConsent',
      summary: "Give or revoke the current user's consent to the AI features.",
      body: seoAiConsentBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/ai_generator/bust_subscription_cache': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_generator/bust_subscription_cache',
      operationId: 'seoAiBustSubscriptionCache',
      summary: 'Forget the cached AI subscription state, so the next call reads it from the AI service again.',
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/ai/free_sparks': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai/free_sparks',
      operationId: 'seoAiFreeSparks',
      summary: 'Start the free AI sparks (trial generations) for this site.',
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/ai_generator/get_suggestions': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_generator/get_suggestions',
      operationId: 'seoAiGetSuggestions',
      summary:
        'AI suggestions for an SEO title or meta description of a post, product or taxonomy, for one platform and editor.',
      body: seoAiSuggestionsBody,
      response: seoAiSuggestionsResponse,
      auth: 'required',
    }),
    'POST /seo/v1/ai_generator/get_usage': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_generator/get_usage',
      operationId: 'seoAiGetUsage',
      summary: 'AI usage of the current user.',
      body: seoAiUsageBody,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
