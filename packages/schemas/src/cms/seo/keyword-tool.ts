/** seo/v1 keyword tool: connect the keyword research service and fetch related keyphrases. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Body of `keyword_tool/authenticate`: the OAuth code. */
export const seoKeywordToolAuthBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    code: described(z.string(), 'OAuth authorization code from the keyword research service.'),
  }),
);
/** Body of `keyword_tool/country_code`: the database country to research in. */
export const seoKeywordCountryBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    country_code: described(z.string(), 'Country whose keyword database to research in, by its country code.'),
  }),
);
/** Query of `keyword_tool/related_keyphrases`: both required. */
export const seoRelatedKeyphrasesQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    keyphrase: described(z.string(), 'Keyphrase to find related keyphrases for.'),
    country_code: described(z.string(), 'Country whose keyword database to search, by its country code.'),
  }),
);
/** Input type of {@link seoRelatedKeyphrasesQuery}. */
export type { SeoRelatedKeyphrasesQuery } from '../../generated/types.js';

/** Keyword tool routes. */
export const seoKeywordToolRoutes: T.SeoKeywordToolRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'POST /seo/v1/keyword_tool/authenticate': seoRoute({
      method: 'POST',
      path: '/seo/v1/keyword_tool/authenticate',
      operationId: 'seoKeywordToolAuthenticate',
      summary: 'Connect the keyword research service with an OAuth code.',
      body: seoKeywordToolAuthBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/keyword_tool/country_code': seoRoute({
      method: 'POST',
      path: '/seo/v1/keyword_tool/country_code',
      operationId: 'seoKeywordToolSetCountry',
      summary: 'Set the country (`country_code`) of the keyword research database.',
      body: seoKeywordCountryBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/keyword_tool/related_keyphrases': seoRoute({
      method: 'GET',
      path: '/seo/v1/keyword_tool/related_keyphrases',
      operationId: 'seoRelatedKeyphrases',
      summary: 'Keyphrases related to a keyphrase, in a country.',
      query: seoRelatedKeyphrasesQuery,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
