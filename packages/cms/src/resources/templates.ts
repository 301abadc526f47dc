/**
 * `client.templates`: block templates' revisions and autosaves. Template ids are strings of one
 * or two segments (`theme//slug`, e.g. `twentytwentyfour//index`), checked before sending.
 */
import { ValidationError } from '@viewlink/transport';
import { Resource, type ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListItem, Out } from '../internal/routes.js';
import { AutosaveList } from './autosaves.js';
import { Revisions } from './revisions.js';

/** A template id: `theme//slug` or a single segment; no `: < > * ? " |`. */
export const TEMPLATE_ID_PATTERN = /^[^/:<>*?"|\s][^/:<>*?"|]*(?:\/\/?[^/:<>*?"|\s][^/:<>*?"|]*)?$/;

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

/** A template revision. */
export type TemplateRevision = ListItem<'GET /cms/v2/templates/{template_id}/revisions'>;
/** Fields of a template autosave (`content`, `title`, `description`, `status`, ...). */
export type TemplateAutosaveParams = BodyOf<'POST /cms/v2/templates/{template_id}/autosaves'>;
/** A template autosave as the server returns it. */
export type TemplateAutosave = Out<'POST /cms/v2/templates/{template_id}/autosaves'>;

/** Templates: revisions (list, get, delete with `force: true`) and autosaves (list, create). */
export class Templates extends Resource {
  /** Revisions of a template: `list('theme//slug')`, `get('theme//slug', id)`, `delete('theme//slug', id, { force: true })`. */
  readonly revisions: Revisions<
    'GET /cms/v2/templates/{template_id}/revisions',
    'GET /cms/v2/templates/{template_id}/revisions/{id}',
    'DELETE /cms/v2/templates/{template_id}/revisions/{id}',
    string
  >;
  /** Autosaves of a template: `list('theme//slug')`, `create('theme//slug', fields)`. */
  readonly autosaves: AutosaveList<
    'GET /cms/v2/templates/{template_id}/autosaves',
    'POST /cms/v2/templates/{template_id}/autosaves',
    string
  >;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context);
    const check = (id: string) => assertTemplateId(id);
    this.revisions = new Revisions(
      context,
      {
        list: 'GET /cms/v2/templates/{template_id}/revisions',
        get: 'GET /cms/v2/templates/{template_id}/revisions/{id}',
        delete: 'DELETE /cms/v2/templates/{template_id}/revisions/{id}',
        parentParam: 'template_id',
      },
      check,
    );
    this.autosaves = new AutosaveList(
      context,
      {
        list: 'GET /cms/v2/templates/{template_id}/autosaves',
        create: 'POST /cms/v2/templates/{template_id}/autosaves',
        listParentParam: 'template_id',
      },
      check,
    );
  }
}
