/**
 * oEmbed with `format: 'xml'`. WordPress's `embed` answers it with `text/xml`
 * (`<oembed><version>1.0</version>…`), not JSON, so the typed methods read the text, turn the flat
 * XML into the same record the JSON format gives (numbers for `width`/`height`, entities decoded)
 * and validate it with the route's response schema, as any response is validated. Its `proxy`
 * answers JSON whatever the format (WordPress 6.5.5): the body is read as what its
 * `Content-Type` says, so both give the same typed record.
 */
import type { PreparedRequest } from '@viewlink/transport';
import { ResponseValidationError } from '@viewlink/transport';
import type { RequestCallOptions } from '../core/route-request.js';

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

const NUMERIC = new Set(['width', 'height', 'thumbnail_width', 'thumbnail_height', 'cache_age']);

/**
 * The fields of an oEmbed XML document (`<oembed>` with one element per field), or undefined
 * when the text is not one.
 */
function parseOembedXml(text: string): Record<string, unknown> | undefined {
  const body = /<oembed>([\s\S]*)<\/oembed>/.exec(text)?.[1];
  if (body === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const match of body.matchAll(/<([a-z_][\w-]*)>([\s\S]*?)<\/\1>|<([a-z_][\w-]*)\s*\/>/gi)) {
    const name = (match[1] ?? match[3]) as string;
    const value = decode(match[2] ?? '');
    out[name] = NUMERIC.has(name) && /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** A JSON object body, or undefined when the text is not one. */
function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** What {@link requestOembedXml} needs from the client: a prepared request and a way to send it as text. */
interface OembedXmlDeps {
  readonly prepare: () => PreparedRequest;
  readonly send: (request: PreparedRequest) => Promise<{
    readonly data: string;
    readonly status: number;
    readonly url: string;
    /** The response's `Content-Type`: a JSON body is read as JSON, anything else as oEmbed XML. */
    readonly contentType?: string | null | undefined;
  }>;
}

/** Sends an oEmbed request with `format: 'xml'` and returns the validated record. */
export async function requestOembedXml<T>(deps: OembedXmlDeps, _options?: RequestCallOptions): Promise<T> {
  const prepared = deps.prepare();
  const response = await deps.send(prepared);
  const info = { method: prepared.method, url: response.url };
  const isJson = /^application\/(?:[\w.+-]+\+)?json\b/i.test(response.contentType ?? '');
  const record = isJson ? parseJson(response.data) : parseOembedXml(response.data);
  if (record === undefined) {
    throw new ResponseValidationError(
      info,
      response.status,
      [],
      isJson ? 'expected an oEmbed JSON object' : 'expected an oEmbed XML document',
    );
  }
  // The prepared request's own response schema: the JSON answer's, checked on the XML's record.
  const schema = prepared.schema;
  if (schema === undefined) return record as T;
  const result = await schema['~standard'].validate(record);
  if (result.issues) {
    throw new ResponseValidationError(
      info,
      response.status,
      result.issues.map((issue) => ({
        path: (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)) as (string | number)[],
        message: issue.message,
      })),
    );
  }
  return result.value as T;
}
