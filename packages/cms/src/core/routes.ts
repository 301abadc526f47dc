/** Type shorthands over the CMS route table. */
import { type CmsRoutes, cmsRoutes, type PerPage as GeneratedPerPage, type InputOf } from '@viewlink/schemas';
import type { Page, PagePromise } from './pagination.js';
import type { RouteCall, RouteOutput, RouteRequester } from './route-request.js';

export type { CmsRoutes };
export { cmsRoutes };
/** A key of the CMS route table, e.g. `'GET /cms/v2/posts/{id}'`. */
export type CmsRouteKey = keyof CmsRoutes & string;
/** The requester over the CMS table. */
export type CmsRequester = RouteRequester<CmsRoutes>;
/** Structured input of a CMS route. */
export type Call<K extends CmsRouteKey> = RouteCall<CmsRoutes[K]>;
/** Response type of a CMS route. */
export type Out<K extends CmsRouteKey> = RouteOutput<CmsRoutes[K]>;
/** Query input of a CMS route. */
export type QueryOf<K extends CmsRouteKey> = CmsRoutes[K] extends { readonly query: infer Q } ? InputOf<Q> : undefined;
/** Body input of a CMS route. */
export type BodyOf<K extends CmsRouteKey> = CmsRoutes[K] extends { readonly body: infer B } ? InputOf<B> : undefined;
/** Element type of an array type. */
type ItemOf<A> = A extends readonly (infer I)[] ? I : never;
/** Item type of a collection route. */
export type ListItem<K extends CmsRouteKey> = ItemOf<Out<K>>;

export type { Page, PagePromise };

/** `per_page` values the server accepts: the integers 1 to 100 (a number outside fails to compile). */
export type PerPage = GeneratedPerPage;

/** A list query: its `per_page` is already {@link PerPage} (the generated query types narrow it). */
export type ListQueryOf<K extends CmsRouteKey> = QueryOf<K>;

/** Content types with list/get/update/delete routes at `/cms/v2/{type}` and `/cms/v2/{type}/{id}`. */
export type ContentType = 'posts' | 'pages' | 'media' | 'menu-items' | 'blocks';
/** Content types created by a POST of their fields (media are uploaded instead). */
export type CreatableType = Exclude<ContentType, 'media'>;
/** Owners of revisions. */
export type RevisionOwner = 'posts' | 'pages' | 'blocks' | 'templates';
/** Owners of autosaves. */
export type AutosaveOwner = RevisionOwner | 'menu-items';
/** The item path of an owner of revisions or autosaves, as its revision routes spell it. */
export type OwnerItem<O extends AutosaveOwner> = O extends 'templates'
  ? '/cms/v2/templates/{template_id}'
  : `/cms/v2/${O}/{parent}`;
/** The path of an owner's autosave collection (`{id}`, or `{template_id}` for templates). */
export type AutosaveCollection<O extends AutosaveOwner> = O extends 'templates'
  ? '/cms/v2/templates/{template_id}/autosaves'
  : `/cms/v2/${O}/{id}/autosaves`;
