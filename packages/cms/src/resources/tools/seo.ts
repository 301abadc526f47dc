/**
 * seo/v1: every route of the spec's table as a typed method, grouped by feature
 * (`client.seo.ai.getSuggestions(...)`, `client.seo.indexing.posts()`); methods come from the
 * route-table fragments of `@viewlink/schemas`. Remap the namespace with `namespaces: { seo: 'yoast/v1' }`.
 */
import {
  seoAiRoutes,
  seoBulkEditorRoutes,
  seoContentPlannerRoutes,
  seoImportRoutes,
  seoIndexingRoutes,
  seoIntegrationsRoutes,
  seoKeywordToolRoutes,
  seoNoticesRoutes,
  seoRankTrackerRoutes,
  seoScoresRoutes,
  seoSetupRoutes,
  seoSiteRoutes,
  seoTasksRoutes,
} from '@viewlink/schemas';
import type { CmsRequester } from '../../internal/routes.js';
import { type RouteGroup, routeGroup } from './route-group.js';

/** The seo/v1 methods, by feature. */
export interface Seo {
  /** AI-assisted suggestions, consent, usage. */
  readonly ai: RouteGroup<typeof seoAiRoutes, 'seo', 'Ai'>;
  /** Bulk editing of titles and descriptions. */
  readonly bulkEditor: RouteGroup<typeof seoBulkEditorRoutes, 'seo', 'BulkEditor'>;
  /** Content planner. */
  readonly contentPlanner: RouteGroup<typeof seoContentPlannerRoutes, 'seo', 'ContentPlanner'>;
  /** Imports from other SEO plugins. */
  readonly import: RouteGroup<typeof seoImportRoutes, 'seo', 'Import'>;
  /** Indexing. */
  readonly indexing: RouteGroup<typeof seoIndexingRoutes, 'seo', 'Indexing'>;
  /** Third-party integrations. */
  readonly integrations: RouteGroup<typeof seoIntegrationsRoutes, 'seo', 'Integrations'>;
  /** Keyword research. */
  readonly keywordTool: RouteGroup<typeof seoKeywordToolRoutes, 'seo', 'KeywordTool'>;
  /** Admin notices. */
  readonly notices: RouteGroup<typeof seoNoticesRoutes, 'seo', 'Notices'>;
  /** Rank tracking. */
  readonly rankTracker: RouteGroup<typeof seoRankTrackerRoutes, 'seo', 'RankTracker'>;
  /** Scoring. */
  readonly scores: RouteGroup<typeof seoScoresRoutes, 'seo', 'Scores'>;
  /** Setup (first-time configuration). */
  readonly setup: RouteGroup<typeof seoSetupRoutes, 'seo', 'Setup'>;
  /** Site-wide tools (file size, statistics, head). */
  readonly site: RouteGroup<typeof seoSiteRoutes, 'seo', 'Site'>;
  /** Tasks. */
  readonly tasks: RouteGroup<typeof seoTasksRoutes, 'seo', 'Tasks'>;
}

/** Builds `client.seo`. */
export function createSeo(requester: CmsRequester): Seo {
  return Object.freeze({
    ai: routeGroup(requester, seoAiRoutes, 'seo', 'Ai'),
    bulkEditor: routeGroup(requester, seoBulkEditorRoutes, 'seo', 'BulkEditor'),
    contentPlanner: routeGroup(requester, seoContentPlannerRoutes, 'seo', 'ContentPlanner'),
    import: routeGroup(requester, seoImportRoutes, 'seo', 'Import'),
    indexing: routeGroup(requester, seoIndexingRoutes, 'seo', 'Indexing'),
    integrations: routeGroup(requester, seoIntegrationsRoutes, 'seo', 'Integrations'),
    keywordTool: routeGroup(requester, seoKeywordToolRoutes, 'seo', 'KeywordTool'),
    notices: routeGroup(requester, seoNoticesRoutes, 'seo', 'Notices'),
    rankTracker: routeGroup(requester, seoRankTrackerRoutes, 'seo', 'RankTracker'),
    scores: routeGroup(requester, seoScoresRoutes, 'seo', 'Scores'),
    setup: routeGroup(requester, seoSetupRoutes, 'seo', 'Setup'),
    site: routeGroup(requester, seoSiteRoutes, 'seo', 'Site'),
    tasks: routeGroup(requester, seoTasksRoutes, 'seo', 'Tasks'),
  });
}
