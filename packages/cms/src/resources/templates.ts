/**
 * `client.templates`: block templates with their revisions and autosaves. Template ids are
 * strings of one or two segments (`theme//slug`, e.g. `twentytwentyfour//index`), checked
 * before sending.
 */
import {
  type CmsContext,
  type ContextQuery,
  type RevisionsQuery,
  TEMPLATE_ID_PATTERN,
  type TemplatesQuery,
} from '@viewlink/schemas';
import { defineMethods, type MethodDefinitions, ValidationError } from '@viewlink/transport';
import type { RequestCallOptions } from '../core/route-request.js';
import type { BodyOf, CmsRouteKey, ListItem, Out } from '../core/routes.js';
import type {
  ContentEdit,
  EmbedOf,
  FieldOf,
  RenderedEdit,
  ShapeArgs,
  Shaped,
  ShapeKey,
  ShapeParams,
} from '../core/shape.js';
import { Autosaves } from './autosaves.js';
import {
  type CmsMethodDefinition,
  type Deleted,
  FORCE,
  NEVER_SAVED_TEMPLATE,
  type ResourceContext,
  type TrashOptions,
  trashOption,
} from './resource.js';
import { Revisions } from './revisions.js';

/**
 * Checks a template id.
 * @throws ValidationError naming `field` for anything but one or two segments without `: < > * ? " |`.
 */
export function assertTemplateId(id: unknown, field = 'template_id'): asserts id is string {
  if (typeof id !== 'string' || !TEMPLATE_ID_PATTERN.test(id)) {
    throw new ValidationError('template id', [
      {
        path: [field],
        message: `must be one or two segments like 'twentytwentyfour//index' without : < > * ? " |, got ${JSON.stringify(id)}`,
      },
    ]);
  }
}

/** A template as the server returns it (view context: WordPress 6.5.5 sends its title and content `raw` there too). */
export type Template = Out<'GET /cms/v2/templates/{template_id}'>;
/** A template as the edit context sends it: `raw` title and content, and the content's `block_version`. */
export interface TemplateEdit extends Template {
  /** Title: `raw` and `rendered`. */
  title?: RenderedEdit | undefined;
  /** Content: `raw` and `block_version`. */
  content?: ContentEdit | undefined;
}
/** A template as the embed context sends it: no `modified`, and its content empty. */
export interface TemplateEmbed extends Omit<Template, 'modified'> {}
/** `TemplateListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface TemplateListFilters extends Omit<TemplatesQuery, ShapeKey> {}
/** Query of `templates.list`: `context`, `_fields`, `_embed`, and the filters `wp_id`, `area`, `post_type`. */
export interface TemplateListQuery extends TemplateListFilters, ShapeParams<TemplateShapes> {}
/** `TemplateGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface TemplateGetFilters extends Omit<ContextQuery, ShapeKey> {}
/** Query of `templates.get` (and of a template revision or autosave read): `context`, `_fields`, `_embed`. */
export interface TemplateGetQuery extends TemplateGetFilters, ShapeParams<TemplateShapes> {}
/** `TemplateRevisionListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface TemplateRevisionListFilters extends Omit<RevisionsQuery, ShapeKey> {}
/** Query of `templates.revisions.list`: paging, ordering, `context`, `_fields`, `_embed`. */
export interface TemplateRevisionListQuery extends TemplateRevisionListFilters, ShapeParams<TemplateShapes> {}
/** Templates (and their revisions and autosaves) in each context and their read queries (see `Shaped`). */
export interface TemplateShapes {
  /** A template in view context. */
  readonly view: Template;
  /** A template in edit context. */
  readonly edit: TemplateEdit;
  /** A template in embed context. */
  readonly embed: TemplateEmbed;
  /** WordPress 6.5.5 links nothing embeddable from a template. */
  readonly relations: never;
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: TemplateListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: TemplateGetFilters;
}
/** Template revisions and autosaves: the template's shapes, with a paginated revisions list query. */
export interface TemplateRevisionShapes extends Omit<TemplateShapes, 'listFilters'> {
  /** Query of `revisions.list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: TemplateRevisionListFilters;
}
/** Writable fields of a new template (`slug` required by the server; `content`, `title`, ...). */
export type TemplateCreateParams = BodyOf<'POST /cms/v2/templates'>;
/** Writable fields of a template update. */
export type TemplateUpdateParams = BodyOf<'PUT /cms/v2/templates/{template_id}'>;
/** A template revision. */
export type TemplateRevision = ListItem<'GET /cms/v2/templates/{template_id}/revisions'>;
/** Fields of a template autosave (`content`, `title`, `description`, `status`, ...). */
export type TemplateAutosaveParams = BodyOf<'POST /cms/v2/templates/{template_id}/autosaves'>;
/** A template autosave as the server returns it. */
export type TemplateAutosave = Out<'POST /cms/v2/templates/{template_id}/autosaves'>;

/** `templates.list`: every template of the active theme at once (WordPress does not paginate them). */
export interface ListTemplates {
  /** Lists the templates of the active theme; their type follows `context`, `_fields` and `_embed`. */
  <
    const C extends CmsContext = 'view',
    const F extends FieldOf<TemplateShapes> = never,
    const E extends EmbedOf<TemplateShapes> = never,
  >(
    query?: TemplateListFilters & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<TemplateShapes, C, F, E>[]>;
}

/** `templates.get`: one template by its `theme//slug` id. */
export interface GetTemplate {
  /**
   * Gets one template by its `theme//slug` id; its type follows `context`, `_fields` and `_embed`.
   * @throws ValidationError naming `template_id` for a malformed id, before sending.
   */
  <
    const C extends CmsContext = 'view',
    const F extends FieldOf<TemplateShapes> = never,
    const E extends EmbedOf<TemplateShapes> = never,
  >(
    id: string,
    query?: TemplateGetFilters & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<TemplateShapes, C, F, E>>;
}

/** `templates.delete`: to the trash, or permanently with `force: true`. */
export interface DeleteTemplate {
  /** Moves a template customisation to the trash (default): resolves the template. */
  (id: string, options?: TrashOptions & { readonly force?: false | undefined }): Promise<Template>;
  /** Deletes a template customisation permanently: resolves `{ deleted: true, previous }`. */
  (id: string, options: TrashOptions & { readonly force: true }): Promise<Deleted<Template>>;
  /** Trashes, or with `force: true` deletes permanently. */
  (id: string, options?: TrashOptions): Promise<Template | Deleted<Template>>;
}

/** The methods of templates themselves (revisions and autosaves apart). */
interface TemplateMethods {
  readonly list: ListTemplates;
  readonly get: GetTemplate;
  readonly create: (body: TemplateCreateParams, options?: RequestCallOptions) => Promise<Template>;
  readonly update: (id: string, body: TemplateUpdateParams, options?: RequestCallOptions) => Promise<Template>;
  readonly delete: DeleteTemplate;
}

/** The template methods, as data; each id is checked by the route's `template_id` schema before sending. */
const TEMPLATE_METHODS: MethodDefinitions<TemplateMethods, CmsRouteKey, CmsMethodDefinition> = {
  list: { route: 'GET /cms/v2/templates', args: ['query'] },
  get: { route: 'GET /cms/v2/templates/{template_id}', args: ['params.template_id', 'query'] },
  create: { route: 'POST /cms/v2/templates', args: ['body'] },
  update: { route: 'PUT /cms/v2/templates/{template_id}', args: ['params.template_id', 'body'] },
  delete: {
    route: 'DELETE /cms/v2/templates/{template_id}',
    args: ['params.template_id'],
    fromOptions: trashOption,
    optionNames: FORCE,
  },
};

/**
 * Templates: list, get, create, update, delete (trash or `force`), revisions (list, get, delete
 * with `force: true`) and autosaves (list, create, get).
 */
export class Templates {
  /** Lists the templates of the active theme (WordPress answers them all at once, unpaginated). */
  readonly list: ListTemplates;
  /** Gets one template by its `theme//slug` id. */
  readonly get: GetTemplate;
  /** Creates a template (a customisation stored in the database). */
  readonly create: TemplateMethods['create'];
  /** Updates a template; WordPress stores a revision. */
  readonly update: TemplateMethods['update'];
  /** Trashes a template customisation, or with `force: true` deletes it permanently. */
  readonly delete: DeleteTemplate;
  /** Revisions of a template: `list('theme//slug')`, `get('theme//slug', id)`, `delete('theme//slug', id, { force: true })`. */
  readonly revisions: Revisions<'templates', string, TemplateRevisionShapes>;
  /** Autosaves of a template: `list('theme//slug')`, `create('theme//slug', fields)`, `get('theme//slug', id)`. */
  readonly autosaves: Autosaves<'templates', string, TemplateRevisionShapes>;

  /** @internal */
  constructor(context: ResourceContext) {
    const methods = defineMethods<TemplateMethods, CmsRouteKey, CmsMethodDefinition>(
      TEMPLATE_METHODS,
      context.invoke,
      'templates',
    );
    this.list = methods.list;
    this.get = methods.get;
    this.create = methods.create;
    this.update = methods.update;
    this.delete = methods.delete;
    this.revisions = new Revisions(context, 'templates', NEVER_SAVED_TEMPLATE);
    this.autosaves = new Autosaves(context, 'templates', NEVER_SAVED_TEMPLATE);
  }
}
