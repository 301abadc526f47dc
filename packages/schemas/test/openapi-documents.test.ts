// The generated OpenAPI documents (docs/openapi, kept fresh by scripts/check-generated.mjs) say
// what other languages need: named components, errors, headers, security, serialisations.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: Array<Json & { name: string; in: string; schema: Json }>;
  responses: Record<string, Json>;
  security?: unknown[];
}
interface Document {
  servers: Array<{ url: string }>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, unknown>;
}

const load = (file: string): Document =>
  JSON.parse(
    readFileSync(new URL(`../../../docs/openapi/${file}`, import.meta.url), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n'),
  );
const partner = load('partner-api.yaml');
const cms = load('cms-rest.yaml');
const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
const successOf = (op: Operation) => Object.entries(op.responses).find(([status]) => /^2\d\d$/.test(status))?.[1];

describe('the OpenAPI documents', () => {
  it('name every SDK type as a component and reference it instead of copying it', () => {
    expect(Object.keys(partner.components.schemas)).toEqual(
      expect.arrayContaining(['Watchlist', 'TokenPair', 'WatchHistoryPage', 'PartnerErrorBody', 'PartnerWebhookEvent']),
    );
    expect(Object.keys(cms.components.schemas)).toEqual(
      expect.arrayContaining(['Post', 'SitePage', 'Template', 'CmsError']),
    );
    const watchlist = successOf(partner.paths['/v1/user/watchlist']?.get as Operation) as Json;
    expect(watchlist.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Watchlist' } } });
    // The rendered-field shape is one component (it was 152 inline copies).
    expect(JSON.stringify(cms).match(/As stored, before filters/g)).toHaveLength(1);
  });

  it('give every operation security (or an explicit []), and its 4xx/5xx the error envelope', () => {
    for (const doc of [partner, cms]) {
      for (const { path, method, op } of operations(doc)) {
        expect(op.security, `${method} ${path}`).toBeDefined();
        expect(op.responses['4XX'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Error' });
        expect(op.responses['5XX'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Error' });
        expect(successOf(op)?.headers, `${method} ${path}`).toHaveProperty('x-request-id');
      }
    }
    expect(cms.paths['/']?.get?.security).toEqual([]);
    const error = cms.components.responses.Error as { content: Json; headers: Json };
    expect(error.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/CmsError' }, examples: expect.any(Object) },
    });
    expect(Object.keys(error.headers)).toEqual(['x-request-id', 'Retry-After']);
  });

  it('declare paging headers, data-file media types and the upload header', () => {
    expect(Object.keys(successOf(cms.paths['/cms/v2/posts']?.get as Operation)?.headers as Json)).toEqual([
      'x-request-id',
      'X-WP-Total',
      'X-WP-TotalPages',
      'Link',
    ]);
    const file = successOf(partner.paths['/v1/files/{file_id}']?.get as Operation) as { content: Json };
    expect(Object.keys(file.content)).toEqual(['application/gzip', 'application/x-ndjson']);
    const upload = cms.paths['/cms/v2/media']?.post as Operation;
    expect(upload.parameters?.find((p) => p.in === 'header')).toMatchObject({
      name: 'Content-Disposition',
      required: true,
    });
  });

  it('let a data file be fetched in parts, as the mock and a CDN serve it (Range, 206, 416)', () => {
    const download = partner.paths['/v1/files/{file_id}']?.get as Operation;
    expect(download.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(['Range', 'If-Range']);
    expect(Object.keys(download.responses)).toEqual(expect.arrayContaining(['200', '206', '416']));
    expect(Object.keys(download.responses['206']?.headers as Json)).toEqual(
      expect.arrayContaining(['Content-Range', 'ETag', 'Accept-Ranges']),
    );
    expect(Object.keys(download.responses['416']?.headers as Json)).toContain('Content-Range');
  });

  it('serialise _fields as a comma list and answer either the record or the fields asked for', () => {
    const get = cms.paths['/cms/v2/posts/{id}']?.get as Operation;
    expect(get.parameters?.find((p) => p.name === '_fields')).toMatchObject({ style: 'form', explode: false });
    const content = (successOf(get)?.content ?? {}) as Json;
    expect(content['application/json']).toEqual({
      schema: { anyOf: [{ $ref: '#/components/schemas/Post' }, { $ref: '#/components/schemas/PostPartial' }] },
    });
    expect(cms.components.schemas.Post?.required).toContain('id');
    expect(cms.components.schemas.PostPartial?.required).toBeUndefined();
  });

  it('describe PHP empty arrays and keep open enums open', () => {
    const properties = (cms.components.schemas.Template?.properties ?? {}) as Record<string, Json>;
    expect(properties.content?.anyOf).toContainEqual(expect.objectContaining({ type: 'array', maxItems: 0 }));
    expect(partner.components.schemas.WatchlistCategoryKind).toEqual({
      anyOf: [{ type: 'string', enum: ['saved', 'continue_watching', 'bookmarked'] }, { type: 'string' }],
    });
  });

  it('default to viewlink-mock and list the webhooks the Partner API sends', () => {
    expect(partner.servers[0]?.url).toBe('http://127.0.0.1:4010');
    expect(cms.servers[0]?.url).toBe('http://127.0.0.1:4010/wp-json');
    expect(Object.keys(partner.webhooks ?? {})).toEqual(['partnerEvent']);
  });
});
