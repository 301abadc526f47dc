/**
 * Builds records the way WordPress 6.5.5 shapes them (see post-create.json and
 * post-edit-context.json in the fixtures): `raw` + `rendered` parts, slugs, links, and the
 * `view` context that hides the raw parts.
 */
import { sanitizeSlug } from './slugs.js';
import type { CmsRecord, CmsStore } from './store.js';

/** How one content type differs. */
export interface ContentType {
  /** WordPress post type: `post`, `page`, `wp_block`, `nav_menu_item`. */
  readonly type: string;
  /** REST base under the namespace: `posts`, `pages`, `blocks`, `menu-items`. */
  readonly restBase: string;
  /** True when DELETE without force moves to trash (menu items and media refuse). */
  readonly trash: boolean;
  /** Fields this type has beyond the common ones, with their defaults. */
  readonly defaults: Record<string, unknown>;
  /** The fields WordPress 6.5.5 sends for this type, in its order (all stored fields when absent). */
  readonly fields?: readonly string[];
}

/** Fields of a revision as WordPress 6.5.5 lists it (fixture post-revisions). */
export const REVISION_FIELDS = [
  'author',
  'date',
  'date_gmt',
  'id',
  'modified',
  'modified_gmt',
  'parent',
  'slug',
  'guid',
  'title',
  'content',
  'excerpt',
  'meta',
] as const;
/** Fields of an autosave (fixture post-autosave-create). */
export const AUTOSAVE_FIELDS = [...REVISION_FIELDS, 'preview_link'] as const;

type Body = Record<string, unknown>;

const rawOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? String((value as { raw?: unknown }).raw ?? '')
      : undefined;

/** WordPress's rendering, enough for tests: block comments dropped, bare text wrapped in <p>. */
export function render(raw: string): string {
  const html = raw.replace(/<!--[\s\S]*?-->/g, '').trim();
  if (html === '') return '';
  return /^</.test(html) ? html : `<p>${html}</p>\n`;
}

/**
 * A title's `rendered` as WordPress 6.5.5 texturizes it (wptexturize, convert_chars), the common
 * cases: `It's Tom & Jerry "show" -- ok...` → `It&#8217;s Tom &#038; Jerry &#8220;show&#8221; &#8212; ok&#8230;`.
 */
function texturize(raw: string): string {
  return raw
    .replace(/&(?!#?\w+;)/g, '&#038;')
    .replace(/\.\.\./g, '&#8230;')
    .replace(/ -- /g, ' &#8212; ')
    .replace(/ - /g, ' &#8211; ')
    .replace(/(\w)'(\w)/g, '$1&#8217;$2')
    .replace(/"([^"<>]*)"/g, '&#8220;$1&#8221;');
}

/**
 * A reusable block's body in WordPress 6.5.5's names: the spec's `pattern_category` is stored as
 * `wp_pattern_category`, `meta.pattern_sync_status` as the `wp_pattern_sync_status` field.
 */
function blockBody(body: Body): Body {
  const out: Body = { ...body };
  if ('pattern_category' in out) {
    out.wp_pattern_category = out.pattern_category;
    delete out.pattern_category;
  }
  const meta = out.meta as Record<string, unknown> | undefined;
  if (meta && typeof meta === 'object' && 'pattern_sync_status' in meta) {
    const { pattern_sync_status, ...rest } = meta;
    out.wp_pattern_sync_status = pattern_sync_status;
    out.meta = rest;
  }
  return out;
}

/** Applies a create/update body onto a record (or a new one) and returns the new record. */
export function applyWrite(
  store: CmsStore,
  kind: ContentType,
  site: string,
  body: Body,
  existing?: CmsRecord,
  author = 1,
): CmsRecord {
  const now = store.now();
  const id = existing?.id ?? store.nextId();
  const record: CmsRecord = existing
    ? structuredClone(existing)
    : {
        id,
        date: now,
        date_gmt: now,
        guid: { rendered: `${site}/?p=${id}`, raw: `${site}/?p=${id}` },
        modified: now,
        modified_gmt: now,
        password: '',
        slug: '',
        status: kind.type === 'nav_menu_item' ? 'publish' : 'draft',
        type: kind.type,
        link: `${site}/?p=${id}`,
        title: { raw: '', rendered: '' },
        content: { raw: '', rendered: '', protected: false, block_version: 0 },
        excerpt: { raw: '', rendered: '', protected: false },
        author,
        featured_media: 0,
        comment_status: 'open',
        ping_status: 'open',
        template: '',
        meta: { footnotes: '' },
        ...structuredClone(kind.defaults),
        generated_slug: '',
        permalink_template: `${site}/%postname%/`,
      };
  for (const [key, value] of Object.entries(kind.type === 'wp_block' ? blockBody(body) : body)) {
    if (value === undefined) continue;
    // A plain-string field keeps its kind (a menu item's `description` is text, not `{ raw, rendered }`).
    const plain = typeof record[key] === 'string';
    if (
      !plain &&
      (key === 'title' || key === 'content' || key === 'excerpt' || key === 'caption' || key === 'description')
    ) {
      const raw = rawOf(value) ?? '';
      const part = (record[key] ?? {}) as Record<string, unknown>;
      record[key] = part;
      part.raw = raw;
      part.rendered = key === 'title' ? texturize(raw) : render(raw);
      if (key === 'content') part.block_version = raw.includes('<!-- wp:') ? 1 : 0;
    } else if (key === 'meta' && typeof value === 'object') {
      record.meta = { ...(record.meta as object), ...(value as object) };
    } else if (key === 'slug') record.slug = sanitizeSlug(String(value), 'save');
    else record[key] = value;
  }
  const title = (record.title as { raw: string }).raw;
  // WordPress stores a slug percent-encoded and shows `generated_slug` decoded ("日本語-test").
  record.generated_slug = decodeURIComponent(sanitizeSlug(title, 'save')) || String(id);
  if (!body.slug && (record.slug === '' || record.slug === undefined) && record.status === 'publish')
    record.slug = sanitizeSlug(title, 'save') || String(id);
  if (kind.type === 'nav_menu_item') record.slug = undefined;
  record.link = record.status === 'publish' && record.slug ? `${site}/${record.slug}/` : `${site}/?p=${id}`;
  record.modified = now;
  record.modified_gmt = now;
  if (record.slug === undefined) delete record.slug;
  return record;
}

const HIDDEN_IN_VIEW = ['password', 'permalink_template', 'generated_slug'];

/** The record as `context` shows it; `_links` are added for `view` and `edit`. */
export function present(record: CmsRecord, context: string, root: string, kind: ContentType): Record<string, unknown> {
  if (kind.type === 'wp_block' && record.type === 'wp_block') return presentBlock(record, context, root);
  const out: Record<string, unknown> = structuredClone(record);
  if (context !== 'edit') {
    for (const key of HIDDEN_IN_VIEW) delete out[key];
    for (const key of ['title', 'content', 'excerpt', 'guid']) {
      const part = out[key];
      if (part && typeof part === 'object') delete (part as Record<string, unknown>).raw;
    }
  }
  if (kind.fields) {
    const picked: Record<string, unknown> = {};
    for (const field of kind.fields) if (field in out) picked[field] = out[field];
    for (const key of Object.keys(out)) delete out[key];
    Object.assign(out, picked);
  }
  // WordPress leaves `menus` out of a menu item that is in no menu.
  if (kind.type === 'nav_menu_item' && out.menus === 0) delete out.menus;
  out._links = {
    self: [{ href: `${root}/cms/v2/${kind.restBase}/${record.id}` }],
    collection: [{ href: `${root}/cms/v2/${kind.restBase}` }],
  };
  return out;
}

/**
 * A reusable block as WordPress 6.5.5 shows it: its title has only `raw` (in view and edit),
 * its content `raw` and `protected` (`block_version` in edit); embed keeps id, date, slug, type,
 * link, an empty title (PHP's empty array, `[]`) and an empty sync status.
 */
function presentBlock(record: CmsRecord, context: string, root: string): Record<string, unknown> {
  const links = {
    self: [{ href: `${root}/cms/v2/blocks/${record.id}` }],
    collection: [{ href: `${root}/cms/v2/blocks` }],
  };
  const title = (record.title ?? {}) as { raw?: string };
  if (context === 'embed') {
    const { id, date, slug, type, link } = record;
    return { id, date, slug, type, link, title: [], wp_pattern_sync_status: '', _links: links };
  }
  const content = (record.content ?? {}) as { raw?: string; block_version?: number };
  const guid = (record.guid ?? {}) as { raw?: string; rendered?: string };
  const out: Record<string, unknown> = {
    id: record.id,
    date: record.date,
    date_gmt: record.date_gmt,
    guid: context === 'edit' ? guid : { rendered: guid.rendered },
    modified: record.modified,
    modified_gmt: record.modified_gmt,
    ...(context === 'edit' ? { password: record.password ?? '' } : {}),
    slug: record.slug,
    status: record.status,
    type: record.type,
    link: record.link,
    title: { raw: title.raw ?? '' },
    content: {
      raw: content.raw ?? '',
      protected: Boolean(record.password),
      ...(context === 'edit' ? { block_version: content.block_version ?? 0 } : {}),
    },
    template: record.template ?? '',
    meta: record.meta ?? { footnotes: '' },
    wp_pattern_category: record.wp_pattern_category ?? [],
    wp_pattern_sync_status: record.wp_pattern_sync_status ?? '',
    _links: links,
  };
  if (out.slug === undefined) delete out.slug;
  return out;
}
