import { describe, expectTypeOf, it } from 'vitest';
import type { BatchableKey, BatchOutcome, CmsClient } from '../src/index.js';

declare const cms: CmsClient;

describe('batch types', () => {
  it('only POST/PUT/PATCH/DELETE of posts, pages, menu items and blocks are batchable', () => {
    expectTypeOf<'POST /cms/v2/posts'>().toExtend<BatchableKey>();
    expectTypeOf<'DELETE /cms/v2/menu-items/{id}'>().toExtend<BatchableKey>();
    expectTypeOf<'PATCH /cms/v2/blocks/{id}'>().toExtend<BatchableKey>();
    expectTypeOf<'POST /cms/v2/media'>().not.toExtend<BatchableKey>();
    expectTypeOf<'GET /cms/v2/posts'>().not.toExtend<BatchableKey>();
    expectTypeOf<'PUT /cms/v2/templates/{template_id}'>().not.toExtend<BatchableKey>();
  });

  it('run() types each outcome by its operation, in order', async () => {
    const result = await cms.batch().posts.create({ title: 'a' }).pages.delete(3, { force: true }).run();
    expectTypeOf(result.outcomes[0]).toEqualTypeOf<BatchOutcome<'POST /cms/v2/posts'>>();
    expectTypeOf(result.outcomes[1]).toEqualTypeOf<BatchOutcome<'DELETE /cms/v2/pages/{id}'>>();
    const first = result.outcomes[0];
    if (first.ok) expectTypeOf(first.data.id).toEqualTypeOf<number>();
  });
});
