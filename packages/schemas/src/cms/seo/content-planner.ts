/** seo/v1 AI content planner: post ideas and outlines. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoDismissalBody, seoEditor, seoRoute, seoUnknown } from './common.js';

/** A category: `{ name: '', id: -1 }` means no category. */
export const seoPlannerCategory = /* @__PURE__ */ lazy(() => z.strictObject({ name: z.string(), id: z.int() }));
/** Input type of {@link seoPlannerCategory}. */
export type { SeoPlannerCategory } from '../../generated/types.js';
/** The "no category" value of {@link seoPlannerCategory}. */
export const SEO_NO_CATEGORY = { name: '', id: -1 } as const satisfies T.SeoPlannerCategory;

/** One recent post sent as context: title at most 500, description at most 1,000 characters. */
export const seoRecentContentItem = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    title: z.string().check(z.maxLength(500)),
    description: z.string().check(z.maxLength(1000)),
  }),
);
/** Input type of {@link seoRecentContentItem}. */
export type { SeoRecentContentItem } from '../../generated/types.js';

/** Query of `GET ai_content_planner/get_suggestions`: all required. */
export const seoPlannerSuggestionsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    post_type: z.string(),
    language: z.string(),
    editor: seoEditor,
  }),
);
/** Input type of {@link seoPlannerSuggestionsQuery}. */
export type { SeoPlannerSuggestionsQuery } from '../../generated/types.js';

/** One content idea, as the real plugin documents it (extra fields kept). */
export const seoPlannerSuggestion = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: z.optional(z.string()),
    intent: z.optional(z.string()),
    explanation: z.optional(z.string()),
    keyphrase: z.optional(z.string()),
    meta_description: z.optional(z.string()),
    category: z.optional(z.looseObject({ name: z.optional(z.string()), id: z.optional(z.int()) })),
  }),
);
/** `{ suggestions: [...] }`. */
export const seoPlannerSuggestionsResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({ suggestions: z.optional(z.array(seoPlannerSuggestion)) }),
);

/** Body of `POST ai_content_planner/get_outline`: all required; `recent_content` at most 100 items. */
export const seoPlannerOutlineBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    post_type: z.string(),
    language: z.string(),
    editor: seoEditor,
    title: z.string(),
    intent: z.string(),
    explanation: z.string(),
    keyphrase: z.string(),
    meta_description: z.string(),
    category: seoPlannerCategory,
    recent_content: z.array(seoRecentContentItem).check(z.maxLength(100)),
  }),
);
/** Input type of {@link seoPlannerOutlineBody}. */
export type { SeoPlannerOutlineBody } from '../../generated/types.js';

/** One outline section: heading (null for an introduction) and notes. */
export const seoOutlineSection = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    subheading_text: z.optional(z.nullable(z.string())),
    content_notes: z.optional(z.array(z.string())),
  }),
);
/** `{ outline: [...] }`. */
export const seoPlannerOutlineResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({ outline: z.optional(z.array(seoOutlineSection)) }),
);

/** AI content planner routes. */
export const seoContentPlannerRoutes: T.SeoContentPlannerRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/ai_content_planner/banner_permanent_dismissal': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_content_planner/banner_permanent_dismissal',
      operationId: 'seoDismissContentPlannerBanner',
      summary: 'Dismiss the content planner banner for good.',
      body: seoDismissalBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/ai_content_planner/get_suggestions': seoRoute({
      method: 'GET',
      path: '/seo/v1/ai_content_planner/get_suggestions',
      operationId: 'seoGetContentIdeas',
      summary: 'AI ideas for new posts of a post type, in a language, for an editor.',
      query: seoPlannerSuggestionsQuery,
      response: seoPlannerSuggestionsResponse,
      auth: 'required',
    }),
    'POST /seo/v1/ai_content_planner/get_outline': seoRoute({
      method: 'POST',
      path: '/seo/v1/ai_content_planner/get_outline',
      operationId: 'seoGetContentOutline',
      summary:
        'AI outline for a chosen idea (title, intent, keyphrase, meta description, category), informed by up to 100 recent posts.',
      body: seoPlannerOutlineBody,
      response: seoPlannerOutlineResponse,
      auth: 'required',
    }),
  }),
);
