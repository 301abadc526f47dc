import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { type InputOf, type OutputOf, type PathParamNames, route, routeTable } from '../src/route.js';

const getPost = route({
  method: 'GET',
  path: '/cms/v2/posts/{id}',
  operationId: 'getPost',
  summary: 'Get a post',
  auth: 'optional',
  params: z.object({ id: z.int() }),
  query: z.object({ context: z._default(z.enum(['view', 'embed', 'edit']), 'view') }),
  response: z.looseObject({ id: z.int() }),
});

describe('route types', () => {
  it('keeps literal methods and paths', () => {
    expectTypeOf(getPost.method).toEqualTypeOf<'GET'>();
    expectTypeOf(getPost.path).toEqualTypeOf<'/cms/v2/posts/{id}'>();
  });

  it('infers inputs (defaults optional) and outputs (defaults filled) from the schemas', () => {
    expectTypeOf<InputOf<typeof getPost.query>>().toEqualTypeOf<{ context?: 'view' | 'embed' | 'edit' | undefined }>();
    expectTypeOf<OutputOf<typeof getPost.query>>().toEqualTypeOf<{ context: 'view' | 'embed' | 'edit' }>();
    expectTypeOf<OutputOf<undefined>>().toEqualTypeOf<undefined>();
  });

  it('names the placeholders of a path', () => {
    expectTypeOf<PathParamNames<'/cms/v2/templates/{template_id}/revisions/{id}'>>().toEqualTypeOf<
      'template_id' | 'id'
    >();
  });

  it('refuses a table whose key does not match its route', () => {
    routeTable({ 'GET /cms/v2/posts/{id}': getPost });
    // @ts-expect-error the key says POST, the route is a GET
    routeTable({ 'POST /cms/v2/posts/{id}': getPost });
    // @ts-expect-error a route needs a response schema
    route({ method: 'GET', path: '/x', operationId: 'x', summary: 'x', auth: 'none' });
  });
});
