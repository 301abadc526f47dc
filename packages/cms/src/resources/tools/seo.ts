/**
 * seo/v1: every route of the spec's table as a typed method, grouped by feature
 * (`client.seo.ai.getSuggestions(...)`, `client.seo.indexing.posts()`); methods come from the
 * route-table fragments of `@viewlink/schemas`. Remap the namespace with `namespaces: { seo: 'yoast/v1' }`.
 */
import {
  type RouteTable,
  type SeoAiMethods,
  type SeoAiRoutes,
  type SeoBulkEditorMethods,
  type SeoBulkEditorRoutes,
  type SeoContentPlannerMethods,
  type SeoContentPlannerRoutes,
  type SeoImportMethods,
  type SeoImportRoutes,
  type SeoIndexingMethods,
  type SeoIndexingRoutes,
  type SeoIntegrationsMethods,
  type SeoIntegrationsRoutes,
  type SeoKeywordToolMethods,
  type SeoKeywordToolRoutes,
  type SeoNoticesMethods,
  type SeoNoticesRoutes,
  type SeoRankTrackerMethods,
  type SeoRankTrackerRoutes,
  type SeoScoresMethods,
  type SeoScoresRoutes,
  type SeoSetupMethods,
  type SeoSetupRoutes,
  type SeoSiteMethods,
  type SeoSiteRoutes,
  type SeoTasksMethods,
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
import type { ResourceContext } from '../resource.js';
import { type RouteGroup, routeGroup } from './route-group.js';

/** `client.seo.ai`: AI-assisted suggestions, consent, usage; one method per seo/v1 route. */
export interface SeoAi extends RouteGroup<SeoAiRoutes, SeoAiMethods> {}

/** `client.seo.bulkEditor`: bulk editing of titles and descriptions; one method per seo/v1 route. */
export interface SeoBulkEditor extends RouteGroup<SeoBulkEditorRoutes, SeoBulkEditorMethods> {}

/** `client.seo.contentPlanner`: content planner; one method per seo/v1 route. */
export interface SeoContentPlanner extends RouteGroup<SeoContentPlannerRoutes, SeoContentPlannerMethods> {}

/** `client.seo.import`: imports from other SEO plugins; one method per seo/v1 route. */
export interface SeoImport extends RouteGroup<SeoImportRoutes, SeoImportMethods> {}

/** `client.seo.indexing`: indexing; one method per seo/v1 route. */
export interface SeoIndexing extends RouteGroup<SeoIndexingRoutes, SeoIndexingMethods> {}

/** `client.seo.integrations`: third-party integrations; one method per seo/v1 route. */
export interface SeoIntegrations extends RouteGroup<SeoIntegrationsRoutes, SeoIntegrationsMethods> {}

/** `client.seo.keywordTool`: keyword research; one method per seo/v1 route. */
export interface SeoKeywordTool extends RouteGroup<SeoKeywordToolRoutes, SeoKeywordToolMethods> {}

/** `client.seo.notices`: admin notices; one method per seo/v1 route. */
export interface SeoNotices extends RouteGroup<SeoNoticesRoutes, SeoNoticesMethods> {}

/** `client.seo.rankTracker`: rank tracking; one method per seo/v1 route. */
export interface SeoRankTracker extends RouteGroup<SeoRankTrackerRoutes, SeoRankTrackerMethods> {}

/** `client.seo.scores`: scoring; one method per seo/v1 route. */
export interface SeoScores extends RouteGroup<SeoScoresRoutes, SeoScoresMethods> {}

/** `client.seo.setup`: setup (first-time configuration); one method per seo/v1 route. */
export interface SeoSetup extends RouteGroup<SeoSetupRoutes, SeoSetupMethods> {}

/** `client.seo.site`: site-wide tools (file size, statistics, head); one method per seo/v1 route. */
export interface SeoSite extends RouteGroup<SeoSiteRoutes, SeoSiteMethods> {}

/** `client.seo.tasks`: tasks; one method per seo/v1 route. */
export interface SeoTasks extends RouteGroup<SeoTasksRoutes, SeoTasksMethods> {}

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
export function createSeo(context: ResourceContext): Seo {
  // Every group is a seo/v1 table over this client: only the table and the group's name differ.
  const group = <T extends RouteTable, M extends { readonly [Name in keyof M]: keyof T }>(table: T, name: string) =>
    routeGroup<T, M>(context, table, 'seo', name);
  return Object.freeze({
    ai: group<SeoAiRoutes, SeoAiMethods>(seoAiRoutes, 'Ai'),
    bulkEditor: group<SeoBulkEditorRoutes, SeoBulkEditorMethods>(seoBulkEditorRoutes, 'BulkEditor'),
    contentPlanner: group<SeoContentPlannerRoutes, SeoContentPlannerMethods>(seoContentPlannerRoutes, 'ContentPlanner'),
    import: group<SeoImportRoutes, SeoImportMethods>(seoImportRoutes, 'Import'),
    indexing: group<SeoIndexingRoutes, SeoIndexingMethods>(seoIndexingRoutes, 'Indexing'),
    integrations: group<SeoIntegrationsRoutes, SeoIntegrationsMethods>(seoIntegrationsRoutes, 'Integrations'),
    keywordTool: group<SeoKeywordToolRoutes, SeoKeywordToolMethods>(seoKeywordToolRoutes, 'KeywordTool'),
    notices: group<SeoNoticesRoutes, SeoNoticesMethods>(seoNoticesRoutes, 'Notices'),
    rankTracker: group<SeoRankTrackerRoutes, SeoRankTrackerMethods>(seoRankTrackerRoutes, 'RankTracker'),
    scores: group<SeoScoresRoutes, SeoScoresMethods>(seoScoresRoutes, 'Scores'),
    setup: group<SeoSetupRoutes, SeoSetupMethods>(seoSetupRoutes, 'Setup'),
    site: group<SeoSiteRoutes, SeoSiteMethods>(seoSiteRoutes, 'Site'),
    tasks: group<SeoTasksRoutes, SeoTasksMethods>(seoTasksRoutes, 'Tasks'),
  });
}
