/** seo/v1 route table fragment, merged into `cmsRoutes`. */
import type * as T from '../../generated/types.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { namespaceIndex, namespaceIndexQuery } from '../site-index.js';
import { seoAiRoutes } from './ai.js';
import { seoBulkEditorRoutes } from './bulk-editor.js';
import { seoRoute } from './common.js';
import { seoContentPlannerRoutes } from './content-planner.js';
import { seoImportRoutes } from './import.js';
import { seoIndexingRoutes } from './indexing.js';
import { seoIntegrationsRoutes } from './integrations.js';
import { seoKeywordToolRoutes } from './keyword-tool.js';
import { seoNoticesRoutes } from './notices.js';
import { seoRankTrackerRoutes } from './rank-tracker.js';
import { seoScoresRoutes } from './scores.js';
import { seoSetupRoutes } from './setup.js';
import { seoSiteRoutes } from './site.js';
import { seoTasksRoutes } from './tasks.js';

/** Every seo/v1 route, grouped by feature (one file per group). */
export const seoRoutes: T.SeoRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /seo/v1': seoRoute({
      method: 'GET',
      path: '/seo/v1',
      operationId: 'getSeoNamespace',
      summary: 'seo/v1 namespace index.',
      query: namespaceIndexQuery,
      response: namespaceIndex,
      auth: 'none',
    }),
    ...seoAiRoutes,
    ...seoContentPlannerRoutes,
    ...seoBulkEditorRoutes,
    ...seoScoresRoutes,
    ...seoSetupRoutes,
    ...seoNoticesRoutes,
    ...seoSiteRoutes,
    ...seoImportRoutes,
    ...seoIndexingRoutes,
    ...seoIntegrationsRoutes,
    ...seoKeywordToolRoutes,
    ...seoRankTrackerRoutes,
    ...seoTasksRoutes,
  }),
);
/** Type of the seo/v1 route table. */
export type { SeoRoutes } from '../../generated/types.js';
