import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type {
  BatchRequest,
  batchValidation,
  CmsContext,
  CmsRoutes,
  CmsStatusFilter,
  CmsWritableStatus,
  PostsQuery,
  PostWrite,
} from '../src/cms/index.js';
import type { InputOf, OutputOf } from '../src/route.js';

describe('cms types', () => {
  it('pins literal unions', () => {
    expectTypeOf<CmsContext>().toEqualTypeOf<'view' | 'embed' | 'edit'>();
    expectTypeOf<CmsWritableStatus>().toEqualTypeOf<'publish' | 'future' | 'draft' | 'pending' | 'private'>();
    expectTypeOf<z.infer<typeof batchValidation>>().toEqualTypeOf<'require-all-validate' | 'normal'>();
  });
  it('rejects invalid inputs at compile time', () => {
    const ok: PostsQuery = { orderby: 'title', per_page: 50 };
    // @ts-expect-error not a posts orderby
    const badOrder: PostsQuery = { orderby: 'menu_order' };
    // @ts-expect-error per_page is a number
    const badPerPage: PostsQuery = { per_page: '500' };
    // @ts-expect-error not a writable status
    const badStatus: PostWrite = { status: 'trash' };
    // @ts-expect-error unknown validation mode
    const badBatch: BatchRequest = { validation: 'all', requests: [] };
    expectTypeOf(ok).not.toBeAny();
    void [badOrder, badPerPage, badStatus, badBatch];
  });
  it('array query parameters take one value or a list; the parsed query holds lists', () => {
    const one: PostsQuery = {
      status: 'draft',
      categories: 5,
      tags_exclude: { terms: 2 },
      include: 3,
      author: 1,
      slug: 'hello',
      format: 'aside',
      search_columns: 'post_title',
    };
    const many: PostsQuery = { status: ['draft', 'publish'], categories: [1, 2], include: [3, 4] };
    // @ts-expect-error not a status
    const badOne: PostsQuery = { status: 'drafts' };
    // @ts-expect-error ids are numbers
    const badId: PostsQuery = { include: '3' };
    type Parsed = OutputOf<CmsRoutes['GET /cms/v2/posts']['query']>;
    expectTypeOf<Parsed['status']>().toEqualTypeOf<CmsStatusFilter[]>();
    expectTypeOf<Parsed['include']>().toEqualTypeOf<number[]>();
    expectTypeOf<NonNullable<Parsed['slug']>>().toEqualTypeOf<string[]>();
    void [one, many, badOne, badId];
  });
  it('keeps the concrete schema types of each route (clients infer from the table)', () => {
    type ListQuery = InputOf<CmsRoutes['GET /cms/v2/posts']['query']>;
    type Update = InputOf<CmsRoutes['PATCH /cms/v2/menu-items/{id}']['body']>;
    type Deleted = OutputOf<CmsRoutes['DELETE /cms/v2/posts/{id}']['response']>;
    expectTypeOf<ListQuery>().not.toBeUnknown();
    expectTypeOf<NonNullable<ListQuery>['orderby']>().toEqualTypeOf<
      | 'author'
      | 'date'
      | 'id'
      | 'include'
      | 'modified'
      | 'parent'
      | 'relevance'
      | 'slug'
      | 'include_slugs'
      | 'title'
      | undefined
    >();
    // @ts-expect-error unknown key in a strict query
    const unknownKey: ListQuery = { popularity: 1 };
    // Updates take no defaults, so every field is optional.
    expectTypeOf<{}>().toMatchTypeOf<Update>();
    expectTypeOf<Deleted>().toMatchTypeOf<{ id: number } | { deleted: boolean }>();
    expectTypeOf<CmsRoutes['PUT /cms/v2/posts/{id}']['batchable']>().toEqualTypeOf<true>();
    void unknownKey;
  });
});
