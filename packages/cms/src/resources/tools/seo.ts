/**
 * seo/v1: every route of the spec's table as a typed method, grouped by feature
 * (`client.seo.ai.getSuggestions(...)`, `client.seo.indexing.posts()`); methods come from the
 * route-table fragments of `@viewlink/schemas`. Remap the namespace with `namespaces: { seo: 'yoast/v1' }`.
 */
import {
  type SeoAiRoutes,
  type SeoBulkEditorRoutes,
  type SeoContentPlannerRoutes,
  type SeoImportRoutes,
  type SeoIndexingRoutes,
  type SeoIntegrationsRoutes,
  type SeoKeywordToolRoutes,
  type SeoNoticesRoutes,
  type SeoRankTrackerRoutes,
  type SeoScoresRoutes,
  type SeoSetupRoutes,
  type SeoSiteRoutes,
  type SeoTasksRoutes,
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

/** `client.seo.ai`: AI-assisted suggestions, consent, usage; one method per seo/v1 route. */
export interface SeoAi extends RouteGroup<SeoAiRoutes, 'seo', 'Ai'> {}

/** `client.seo.bulkEditor`: bulk editing of titles and descriptions; one method per seo/v1 route. */
export interface SeoBulkEditor extends RouteGroup<SeoBulkEditorRoutes, 'seo', 'BulkEditor'> {}

/** `client.seo.contentPlanner`: content planner; one method per seo/v1 route. */
export interface SeoContentPlanner extends RouteGroup<SeoContentPlannerRoutes, 'seo', 'ContentPlanner'> {}

/** `client.seo.import`: imports from other SEO plugins; one method per seo/v1 route. */
export interface SeoImport extends RouteGroup<SeoImportRoutes, 'seo', 'Import'> {}

/** `client.seo.indexing`: indexing; one method per seo/v1 route. */
export interface SeoIndexing extends RouteGroup<SeoIndexingRoutes, 'seo', 'Indexing'> {}

/** `client.seo.integrations`: third-party integrations; one method per seo/v1 route. */
export interface SeoIntegrations extends RouteGroup<SeoIntegrationsRoutes, 'seo', 'Integrations'> {}

/** `client.seo.keywordTool`: keyword research; one method per seo/v1 route. */
export interface SeoKeywordTool extends RouteGroup<SeoKeywordToolRoutes, 'seo', 'KeywordTool'> {}

/** `client.seo.notices`: admin notices; one method per seo/v1 route. */
export interface SeoNotices extends RouteGroup<SeoNoticesRoutes, 'seo', 'Notices'> {}

/** `client.seo.rankTracker`: rank tracking; one method per seo/v1 route. */
export interface SeoRankTracker extends RouteGroup<SeoRankTrackerRoutes, 'seo', 'RankTracker'> {}

/** `client.seo.scores`: scoring; one method per seo/v1 route. */
export interface SeoScores extends RouteGroup<SeoScoresRoutes, 'seo', 'Scores'> {}

/** `client.seo.setup`: setup (first-time configuration); one method per seo/v1 route. */
export interface SeoSetup extends RouteGroup<SeoSetupRoutes, 'seo', 'Setup'> {}

/** `client.seo.site`: site-wide tools (file size, statistics, head); one method per seo/v1 route. */
export interface SeoSite extends RouteGroup<SeoSiteRoutes, 'seo', 'Site'> {}

/** `client.seo.tasks`: tasks; one method per seo/v1 route. */
export interface SeoTasks extends RouteGroup<SeoTasksRoutes, 'seo', 'Tasks'> {}

/** The seo/v1 methods, by feature. */
export interface Seo {
  /** AI-assisted suggestions, consent, usage. */
  readonly ai: SeoAi;
  /** Bulk editing of titles and descriptions. */
  readonly bulkEditor: SeoBulkEditor;
  /** Content planner. */
  readonly contentPlanner: SeoContentPlanner;
  /** Imports from other SEO plugins. */
  readonly import: SeoImport;
  /** Indexing. */
  readonly indexing: SeoIndexing;
  /** Third-party integrations. */
  readonly integrations: SeoIntegrations;
  /** Keyword research. */
  readonly keywordTool: SeoKeywordTool;
  /** Admin notices. */
  readonly notices: SeoNotices;
  /** Rank tracking. */
  readonly rankTracker: SeoRankTracker;
  /** Scoring. */
  readonly scores: SeoScores;
  /** Setup (first-time configuration). */
  readonly setup: SeoSetup;
  /** Site-wide tools (file size, statistics, head). */
  readonly site: SeoSite;
  /** Tasks. */
  readonly tasks: SeoTasks;
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
