/**
 * `@viewlink/cms`: the typed client of the CMS REST interface (posts, pages, media, menu items,
 * reusable blocks, templates, revisions, autosaves, oEmbed, site index), usable against a stock
 * WordPress through its profile (`compat: 'wordpress'`). Subpaths: `@viewlink/cms/query`
 * (TanStack Query options) and `@viewlink/cms/preview` (server-side draft previews).
 * @packageDocumentation
 */

export type { FetchOptions, NextFetchOptions } from '@viewlink/transport';
export * from './batch/index.js';
export { CmsClient, type RequestArgs } from './client.js';
export * from './core/auth.js';
export {
  BLOCK_FIELD_NAMES,
  type CmsCompat,
  type FieldRule,
  type RegisteredMeta,
  type RouteRule,
} from './core/compat.js';
export type { Connection } from './core/connection.js';
export { discoverRestRoot, REST_ROOT_REL, restRootFromHeaders } from './core/discovery.js';
export type * from './core/discovery-report.js';
export * from './core/errors.js';
export * from './core/namespaces.js';
export type * from './core/options.js';
export * from './core/pagination.js';
export * from './core/route-request.js';
export type {
  AutosaveCollection,
  AutosaveOwner,
  BodyOf,
  CmsRequester,
  CmsRouteKey,
  CmsRoutes,
  ContentType,
  CreatableType,
  ListItem,
  ListQueryOf,
  Out,
  OwnerItem,
  PerPage,
  QueryOf,
  RevisionOwner,
} from './core/routes.js';
export type * from './core/shape.js';
export * from './core/uploads.js';
export { WORDPRESS_RULES } from './core/wordpress-rules.js';
export { PagesClient, PostsClient } from './resource-clients.js';
export * from './resources/autosaves.js';
export * from './resources/blocks.js';
export type {
  ContentResource,
  ContentShapes,
  ContentWithHistory,
  CreateRecord,
  DeleteRecord,
  GetRecord,
  ListRecords,
  UpdateRecord,
} from './resources/content.js';
export * from './resources/media.js';
export * from './resources/menu-items.js';
export * from './resources/oembed.js';
export * from './resources/pages.js';
export * from './resources/posts.js';
export type {
  CmsMethodDefinition,
  Deleted,
  ForceOptions,
  MethodSupport,
  ResourceContext,
  TrashOptions,
} from './resources/resource.js';
export * from './resources/revisions.js';
export * from './resources/site.js';
export * from './resources/templates.js';
export type { Forms, FormsSetupWizard } from './resources/tools/forms.js';
export type { MethodArgs, MethodInput, MethodName, RouteGroup } from './resources/tools/route-group.js';
export type {
  Seo,
  SeoAi,
  SeoBulkEditor,
  SeoContentPlanner,
  SeoImport,
  SeoIndexing,
  SeoIntegrations,
  SeoKeywordTool,
  SeoNotices,
  SeoRankTracker,
  SeoScores,
  SeoSetup,
  SeoSite,
  SeoTasks,
} from './resources/tools/seo.js';
