/**
 * The run-time side of `_fields` and `_embed` (the types are in shape.ts): field names checked
 * against the route's record before sending, both parameters serialised as WordPress reads them
 * (`_fields=id,title`, `_embed` or `_embed=author,wp:term`), and the response validated with the
 * record schema's picks (schemas: `shapedResponseSchema`), built once per route and parameters.
 */
import { compiledValidator, type RouteDef, recordFieldNames, shapedResponseSchema } from '@viewlink/schemas';
import { type QueryParams, type StandardSchema, ValidationError } from '@viewlink/transport';

/** A cached response validator of a shaped read. */
export type ShapedResponse = StandardSchema;

/** Shaped validators kept per requester; past this many parameter sets the cache starts over. */
const CACHE_LIMIT = 256;

/** The query to send and the response validator of a read with `_fields` and/or `_embed`. */
interface ShapedRead {
  /** The query with `_fields` and `_embed` serialised. */
  readonly query: QueryParams;
  /** The response validator, or `undefined` to keep the route's own. */
  readonly response: StandardSchema | undefined;
}

/**
 * Checks and serialises `_fields` / `_embed` of a validated query.
 * @throws ValidationError naming each `_fields` entry the route's record does not have, before sending.
 */
export function shapeRead(
  key: string,
  route: RouteDef,
  query: QueryParams,
  cache: Map<string, ShapedResponse>,
): ShapedRead {
  const { _fields: givenFields, _embed: givenEmbed, ...rest } = query as Record<string, unknown>;
  const fields = Array.isArray(givenFields) && givenFields.length > 0 ? (givenFields as string[]) : undefined;
  const relations = Array.isArray(givenEmbed) ? (givenEmbed as string[]) : undefined;
  // `_embed: []` asks for nothing: not sent (WordPress reads an empty `_embed` as "embed everything").
  const embed = givenEmbed === true || (relations !== undefined && relations.length > 0);
  if (fields) checkFieldNames(key, route, fields);
  const out: Record<string, unknown> = { ...rest };
  if (fields) {
    // WordPress 6.5.5 embeds only when `_links` is among the fields; `_embedded` for later versions.
    const sent = embed ? [...new Set([...fields, '_links', '_embedded'])] : fields;
    out._fields = sent.join(',');
  }
  if (embed) out._embed = relations ? relations.join(',') : '';
  if (!fields && !embed) return { query: out as QueryParams, response: undefined };
  const cacheKey = `${key}\n${fields?.join(',') ?? ''}\n${embed}`;
  let response = cache.get(cacheKey);
  if (!response) {
    const schema = shapedResponseSchema(route.response, fields, embed);
    if (!schema) return { query: out as QueryParams, response: undefined };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    response = compiledValidator(schema) as StandardSchema;
    cache.set(cacheKey, response);
  }
  return { query: out as QueryParams, response };
}

function checkFieldNames(key: string, route: RouteDef, fields: readonly string[]): void {
  const known = recordFieldNames(route.response);
  if (!known) return;
  const issues: { path: (string | number)[]; message: string }[] = [];
  fields.forEach((name, index) => {
    const head = name.split('.')[0] as string;
    if (!known.has(head))
      issues.push({
        path: ['_fields', index],
        message: `unknown field ${JSON.stringify(name)}: the records of ${key} have ${[...known].join(', ')}`,
      });
  });
  if (issues.length > 0) throw new ValidationError(`request('${key}')`, issues);
}
