/**
 * The method a user calls for each CMS route key, as a ValidationError names it
 * (`posts.create(): title must be a string or an object`), instead of the route key. Derived
 * from the key by the rules the resources follow (collection GET is `list`, item GET `get`, POST
 * `create`, PUT/PATCH `update`, DELETE `delete`; `/{parent}/revisions` is `revisions`), with the
 * exceptions listed below; a key no rule names is `request('KEY')`. Pure data and string work,
 * so the posts-only bundle carries no other content type's path.
 */
/** Routes whose method is not what the rules would say. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'GET /': 'site.index()',
  'POST /cms/v2/media': 'media.upload()',
  'GET /oembed/1.0/embed': 'oembed.embed()',
  'GET /oembed/1.0/proxy': 'oembed.proxy()',
};

/** `menu-items` → `menuItems`, `post-process` → `postProcess`. */
const camel = (segment: string) => segment.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const isParam = (segment: string | undefined) => segment?.startsWith('{') === true;

/** The action of an HTTP method on a collection or on one item. */
function action(method: string, item: boolean): string | undefined {
  if (method === 'GET') return item ? 'get' : 'list';
  if (method === 'POST') return item ? undefined : 'create';
  if (method === 'PUT' || method === 'PATCH') return item ? 'update' : undefined;
  if (method === 'DELETE') return item ? 'delete' : undefined;
  return undefined;
}

/**
 * `posts.create()` for `'POST /cms/v2/posts'`, `templates.revisions.get()` for
 * `'GET /cms/v2/templates/{template_id}/revisions/{id}'`, `request('KEY')` for the rest.
 */
export function cmsMethodName(key: string): string {
  const exception = EXCEPTIONS[key];
  if (exception !== undefined) return exception;
  const fallback = `request('${key}')`;
  const [method = '', path = ''] = key.split(' ');
  const match = /^\/cms\/v2\/(.+)$/.exec(path);
  if (!match?.[1]) return fallback;
  const [resource, id, sub, subId, ...more] = match[1].split('/');
  if (resource === undefined || more.length > 0) return fallback;
  const name = camel(resource);
  if (sub === undefined) {
    const verb = action(method, isParam(id));
    return id !== undefined && !isParam(id) ? fallback : verb ? `${name}.${verb}()` : fallback;
  }
  if (!isParam(id)) return fallback;
  // An action on one item: POST /cms/v2/media/{id}/edit is media.edit().
  if (sub === 'edit' || sub === 'post-process')
    return subId === undefined && method === 'POST' ? `${name}.${camel(sub)}()` : fallback;
  if (sub !== 'revisions' && sub !== 'autosaves') return fallback;
  const verb = action(method, isParam(subId));
  return verb ? `${name}.${sub}.${verb}()` : fallback;
}
