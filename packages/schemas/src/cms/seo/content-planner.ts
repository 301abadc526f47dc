/** seo/v1 AI content planner: post ideas and outlines. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described, describedCopy } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoDismissalBody, seoEditor, seoRoute, seoUnknown } from './common.js';

/** A category: `{ name: '', id: -1 }` means no category. */
export const seoPlannerCategory = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    name: described(z.string(), 'Category name; empty for no category.'),
    id: described(z.int(), 'Category (term) id; -1 for no category.'),
  }),
);
/** Input type of {@link seoPlannerCategory}. */
export type { SeoPlannerCategory } from '../../generated/types.js';
/** The "no category" value of {@link seoPlannerCategory}. */
export const SEO_NO_CATEGORY = { name: '', id: -1 } as const satisfies T.SeoPlannerCategory;

/** One recent post sent as context: title at most 500, description at most 1,000 characters. */
export const seoRecentContentItem = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    title: described(z.string().check(z.maxLength(500)), 'Title of the recent post, at most 500 characters.'),
    description: described(
      z.string().check(z.maxLength(1000)),
      'Short description of the recent post, at most 1,000 characters.',
    ),
  }),
);
/** Input type of {@link seoRecentContentItem}. */
export type { SeoRecentContentItem } from '../../generated/types.js';

/** Query of `GET ai_content_planner/get_suggestions`: all required. */
export const seoPlannerSuggestionsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    post_type: described(z.string(), 'Post type the ideas are for, e.g. `post`.'),
    language: described(z.string(), 'Language to write the ideas in.'),
    editor: describedCopy(seoEditor, 'The editor the request comes from: `classic`, `elementor` or `gutenberg`.'),
  }),
);
/** Input type of {@link seoPlannerSuggestionsQuery}. */
export type { SeoPlannerSuggestionsQuery } from '../../generated/types.js';

/** One content idea, as the real plugin documents it (extra fields kept). */
export const seoPlannerSuggestion = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: described(z.optional(z.string()), 'Proposed title of the post.'),
    intent: described(z.optional(z.string()), 'Search intent the post would serve (why people search for it).'),
    explanation: described(z.optional(z.string()), 'Why the idea suits the site.'),
    keyphrase: described(z.optional(z.string()), 'Proposed focus keyphrase.'),
    meta_description: described(z.optional(z.string()), 'Proposed meta description (the snippet in search results).'),
    category: described(
      z.optional(
        z.looseObject({
          name: described(z.optional(z.string()), 'Category name; empty for no category.'),
          id: described(z.optional(z.int()), 'Category (term) id; -1 for no category.'),
        }),
      ),
      'Proposed category of the post.',
    ),
  }),
);
/** `{ suggestions: [...] }`. */
export const seoPlannerSuggestionsResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    suggestions: described(z.optional(z.array(seoPlannerSuggestion)), 'Ideas for new posts.'),
  }),
);

/** Body of `POST ai_content_planner/get_outline`: all required; `recent_content` at most 100 items. */
export const seoPlannerOutlineBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    post_type: described(z.string(), 'Post type of the post to outline, e.g. `post`.'),
    language: described(z.string(), 'Language to write the outline in.'),
    editor: describedCopy(seoEditor, 'The editor the request comes from: `classic`, `elementor` or `gutenberg`.'),
    title: described(z.string(), 'Title of the chosen idea.'),
    intent: described(z.string(), 'Search intent of the chosen idea.'),
    explanation: described(z.string(), 'Why the chosen idea suits the site, as the idea gave it.'),
    keyphrase: described(z.string(), 'Focus keyphrase of the chosen idea.'),
    meta_description: described(z.string(), 'Meta description of the chosen idea.'),
    category: describedCopy(seoPlannerCategory, "Category of the chosen idea; `{ name: '', id: -1 }` for none."),
    recent_content: described(
      z.array(seoRecentContentItem).check(z.maxLength(100)),
      'Recent posts of the site, as context for the outline: at most 100.',
    ),
  }),
);
/** Input type of {@link seoPlannerOutlineBody}. */
export type { SeoPlannerOutlineBody } from '../../generated/types.js';

/** One outline section: heading (null for an introduction) and notes. */
export const seoOutlineSection = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    subheading_text: described(
      z.optional(z.nullable(z.string())),
      'Heading of the section; null for the introduction.',
    ),
    content_notes: described(z.optional(z.array(z.string())), 'What the section should cover, one note an item.'),
  }),
);
/** `{ outline: [...] }`. */
export const seoPlannerOutlineResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    outline: described(z.optional(z.array(seoOutlineSection)), 'Sections of the post, in order.'),
  }),
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
