import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type {
  BatchRequest,
  batchValidation,
  CmsContext,
  CmsWritableStatus,
  PostsQuery,
  PostWrite,
} from '../src/cms/index.js';

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
});
