/**
 * Block templates with `theme//slug` ids, as WordPress 6.5.5 serves them (fixtures template-*):
 * theme templates start with `source: 'theme'` and `wp_id: 0`; the first edit stores a custom
 * copy (`source: 'custom'`, a numeric `wp_id`) and every edit adds a revision whose `id` is the
 * TEMPLATE id and whose `wp_id` is the revision's own number.
 */
import type { RouteDef } from '@viewlink/schemas';
import { json, type RouteImplementation } from '../../../core/router.js';
import { type CmsFakeUser, canManageTemplates } from '../auth.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';
import { type HandlerArgs, handlers } from './handlers.js';
import { pageOf } from './pagination.js';
import { render } from './records.js';
import type { CmsStore } from './store.js';

/** A template in its edit shape. */
type Template = Record<string, unknown> & {
  id: string;
  wp_id: number;
  content: { raw: string; block_version?: number };
};

/** What the template routes need from the fake. */
interface TemplateContext {
  readonly store: CmsStore;
  readonly rootFor: (request: Request) => string;
  readonly userOf: (request: Request) => CmsFakeUser | undefined;
}

const THEME = 'twentytwentyfour';
const THEME_TEMPLATES: Record<string, [title: string, description: string]> = {
  index: ['Index', 'Used as a fallback template for all pages when a more specific template is not defined.'],
  home: [
    'Blog Home',
    'Displays the latest posts as either the site homepage or as the "Posts page" as defined under reading settings.',
  ],
  single: [
    'Single Posts',
    'Displays a single post on your website unless a custom template has been applied to that post or a dedicated template exists.',
  ],
  page: ['Pages', 'Display all static pages unless a custom template has been applied or a dedicated template exists.'],
  '404': ['Page: 404', 'Displays when a visitor views a non-existent page, such as a dead link or a mistyped URL.'],
};

function themeTemplate(slug: string, [title, description]: [string, string]): Template {
  return {
    id: `${THEME}//${slug}`,
    theme: THEME,
    content: { raw: `<!-- wp:paragraph --><p>${title}</p><!-- /wp:paragraph -->`, block_version: 1 },
    slug,
    source: 'theme',
    origin: null,
    type: 'wp_template',
    description,
    title: { raw: title, rendered: title },
    status: 'publish',
    wp_id: 0,
    has_theme_file: true,
    is_custom: false,
    author: 0,
    modified: false,
    author_text: 'Twenty Twenty-Four',
    original_source: 'theme',
  };
}

type Args = {
  readonly params: { template_id: string; id?: number };
  readonly query: Record<string, unknown>;
  readonly body: Record<string, unknown>;
  readonly request: Request;
  readonly url: URL;
};
type Impl = (args: Args) => Response;

/** The template routes' inputs: `template_id` always, a numeric revision `id` on revision routes. */
function templateArgs({ params, ...rest }: HandlerArgs): Args {
  const id = params.id;
  return {
    ...rest,
    params:
      typeof id === 'number'
        ? { template_id: String(params.template_id), id }
        : { template_id: String(params.template_id) },
  };
}

const ok = (body: unknown, status = 200) => json(body, status, WP_HEADERS);
const rawOf = (value: unknown) =>
  typeof value === 'string' ? value : String((value as { raw?: unknown } | undefined)?.raw ?? '');

/** Route implementations for `/cms/v2/templates...`, keyed like `cmsRoutes`. */
export function templateRoutes(ctx: TemplateContext): Record<string, RouteImplementation<RouteDef>> {
  const templates = new Map<string, Template>(
    Object.entries(THEME_TEMPLATES).map(([slug, meta]) => {
      const t = themeTemplate(slug, meta);
      return [t.id, t];
    }),
  );
  const revisions = new Map<string, Template[]>();
  /** Each template's autosaves, newest first: one per user (`author`), as WordPress 6.5.5 keeps them. */
  const autosaves = new Map<string, Template[]>();
  const TPL = '/cms/v2/templates/{template_id}';
  /** A template's revisions with its autosaves among them, newest first, as WordPress 6.5.5 lists them. */
  const historyOf = (id: string) =>
    [...(revisions.get(id) ?? []), ...(autosaves.get(id) ?? [])].sort((a, b) => Number(b.wp_id) - Number(a.wp_id));

  const denied = (request: Request) => {
    const user = ctx.userOf(request);
    return canManageTemplates(user)
      ? undefined
      : cmsError(
          user ? 403 : 401,
          'rest_cannot_manage_templates',
          'Sorry, you are not allowed to access the templates on this site.',
        );
  };
  const notFound = () => cmsError(404, 'rest_template_not_found', 'No templates exist with that id.');
  const guarded =
    (impl: Impl): Impl =>
    (args) =>
      denied(args.request) ?? impl(args);
  /**
   * The revision and autosave routes check the template's post as WordPress 6.5.5 does: an unknown
   * template is 404 `rest_post_invalid_parent`; a theme template never saved has no post (`wp_id`
   * 0), so `edit_post` on it fails even for an administrator: 403 (401 without login)
   * `rest_cannot_read` (WordPress also prints a PHP warning, reading the missing post's id).
   */
  const ofSavedTemplate =
    (what: 'view revisions' | 'view autosaves' | 'delete revisions', impl: Impl): Impl =>
    (args) => {
      const template = templates.get(args.params.template_id);
      if (!template) return cmsError(404, 'rest_post_invalid_parent', 'Invalid template parent ID.');
      const user = ctx.userOf(args.request);
      if (template.wp_id === 0 || !canManageTemplates(user))
        return cmsError(
          user ? 403 : 401,
          what === 'delete revisions' ? 'rest_cannot_delete' : 'rest_cannot_read',
          `Sorry, you are not allowed to ${what} of this post.`,
        );
      return impl(args);
    };
  const apply = (template: Template, body: Record<string, unknown>) => {
    const next: Template = structuredClone(template);
    if (body.content !== undefined) next.content = { raw: rawOf(body.content), block_version: 1 };
    if (body.title !== undefined) next.title = { raw: rawOf(body.title), rendered: rawOf(body.title) };
    if (typeof body.description === 'string') next.description = body.description;
    if (typeof body.status === 'string') next.status = body.status;
    return next;
  };
  const save = (template: Template, body: Record<string, unknown>) => {
    const next = apply(template, body);
    // The first save of a theme template (or a create) inserts its post: WordPress 6.5.5 stores
    // no revision then, one on each later update.
    const inserted = next.wp_id === 0;
    if (inserted) {
      next.wp_id = ctx.store.nextId();
      next.origin = 'theme';
    }
    next.source = 'custom';
    next.author = 1;
    next.modified = ctx.store.now();
    templates.set(next.id, next);
    if (inserted) return next;
    const list = revisions.get(next.id) ?? [];
    list.push({ ...structuredClone(next), wp_id: ctx.store.nextId(), parent: next.wp_id, status: 'inherit' });
    revisions.set(next.id, list);
    return next;
  };
  const withRendered = (t: Template) => ({ ...t, content: { ...t.content, rendered: render(t.content.raw) } });
  // In embed context WordPress 6.5.5 keeps no part of a template's content: an empty PHP array, `[]`.
  const inContext = <T extends object>(t: T, context: unknown) => (context === 'embed' ? { ...t, content: [] } : t);

  const routes: Record<string, Impl> = {
    'GET /cms/v2/templates': guarded(({ query }) =>
      ok([...templates.values()].map((t) => inContext(withRendered(t), query.context))),
    ),
    'POST /cms/v2/templates': guarded(({ body }) => {
      const slug = String(body.slug ?? '');
      const id = `${THEME}//${slug}`;
      if (templates.has(id)) return cmsError(400, 'rest_template_exists', 'A template with that slug already exists.');
      const created = save(
        {
          ...themeTemplate(slug, [rawOf(body.title) || slug, '']),
          has_theme_file: false,
          is_custom: true,
          origin: null,
        },
        body,
      );
      return ok(withRendered(created), 201);
    }),
    [`GET ${TPL}`]: guarded(({ params, query }) => {
      const t = templates.get(params.template_id);
      return t ? ok(inContext(withRendered(t), query.context)) : notFound();
    }),
    [`DELETE ${TPL}`]: guarded(({ params, query }) => {
      const t = templates.get(params.template_id);
      if (!t) return notFound();
      if (query.force !== true)
        return cmsError(
          501,
          'rest_trash_not_supported',
          "Templates do not support trashing. Set 'force=true' to delete.",
        );
      if (t.source === 'theme')
        return cmsError(400, 'rest_invalid_template', "Templates based on theme files can't be removed.");
      const meta = THEME_TEMPLATES[String(t.slug)];
      if (meta && t.has_theme_file) templates.set(t.id, themeTemplate(String(t.slug), meta));
      else templates.delete(t.id);
      // WordPress 6.5.5 deletes the template's post with its revisions and autosaves (wp_delete_post).
      revisions.delete(t.id);
      autosaves.delete(t.id);
      return ok({ deleted: true, previous: withRendered(t) });
    }),
    [`GET ${TPL}/revisions`]: ofSavedTemplate('view revisions', ({ params, query, request, url }) => {
      const list = historyOf(params.template_id);
      return pageOf(
        list.map((r) => inContext(r, query.context)),
        Number(query.page ?? 1),
        Number(query.per_page ?? (list.length || 10)),
        url,
        ctx.rootFor(request),
      );
    }),
    [`GET ${TPL}/revisions/{id}`]: ofSavedTemplate('view revisions', ({ params, query }) => {
      const revision = historyOf(params.template_id).find((r) => r.wp_id === params.id);
      return revision
        ? ok(inContext(revision, query.context))
        : cmsError(404, 'rest_post_invalid_id', 'Invalid revision ID.');
    }),
    [`DELETE ${TPL}/revisions/{id}`]: ofSavedTemplate('delete revisions', ({ params }) => {
      const revision = historyOf(params.template_id).find((r) => r.wp_id === params.id);
      if (!revision) return cmsError(404, 'rest_post_invalid_id', 'Invalid revision ID.');
      for (const kept of [revisions, autosaves]) {
        const list = kept.get(params.template_id);
        if (list)
          kept.set(
            params.template_id,
            list.filter((r) => r !== revision),
          );
      }
      return ok({ deleted: true, previous: revision });
    }),
    // Every user's autosave, newest first, each with its `author` (WordPress 6.5.5 filters none).
    [`GET ${TPL}/autosaves`]: ofSavedTemplate('view autosaves', ({ params, query }) =>
      ok((autosaves.get(params.template_id) ?? []).map((autosave) => inContext(autosave, query.context))),
    ),
    // WordPress checks an autosave read as a revision read.
    [`GET ${TPL}/autosaves/{id}`]: ofSavedTemplate('view revisions', ({ params, query }) => {
      // WordPress 6.5.5 answers the template's newest autosave (of any user) whatever the id.
      const newest = autosaves.get(params.template_id)?.[0];
      return newest
        ? ok(inContext(newest, query.context))
        : cmsError(404, 'rest_post_no_autosave', 'There is no autosave revision for this post.');
    }),
    [`POST ${TPL}/autosaves`]: guarded(({ params, body, request }) => {
      const template = templates.get(params.template_id);
      if (!template) return notFound();
      const author = ctx.userOf(request)?.id ?? 0;
      // One autosave per user: a user's next autosave replaces theirs (same id), as WordPress does.
      const saved = autosaves.get(template.id) ?? [];
      const previous = saved.find((a) => a.author === author);
      const autosave: Template = {
        ...apply(template, body),
        title: { raw: '', rendered: '' },
        description: '',
        source: 'custom',
        status: 'inherit',
        wp_id: previous?.wp_id ?? ctx.store.nextId(),
        parent: template.wp_id,
        author,
        modified: ctx.store.now(),
      };
      autosaves.set(template.id, [autosave, ...saved.filter((a) => a !== previous)]);
      return ok(autosave);
    }),
  };
  for (const method of ['POST', 'PUT', 'PATCH'])
    routes[`${method} ${TPL}`] = guarded(({ params, body }) => {
      const t = templates.get(params.template_id);
      return t ? ok(withRendered(save(t, body))) : notFound();
    });
  return handlers(routes, templateArgs);
}
