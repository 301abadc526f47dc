import { describe, expectTypeOf, it } from 'vitest';
import type { BatchableKey, BatchOutcome, CmsBatch, CmsClient, Post } from '../src/index.js';

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

  it('an update is queued as the PUT route the spec lists as batchable', async () => {
    const result = await cms.batch().posts.update(1, { title: 'b' }).run();
    expectTypeOf(result.outcomes[0]).toEqualTypeOf<BatchOutcome<'PUT /cms/v2/posts/{id}'>>();
  });

  it('a batch built in a loop keeps typed outcomes, narrowed by ok and key', async () => {
    let batch: CmsBatch = cms.batch();
    for (const title of ['a', 'b']) batch = batch.posts.create({ title });
    const chained: CmsBatch = cms.batch().pages.create({ title: 'p' }).posts.delete(3);
    expectTypeOf(chained).toExtend<CmsBatch>();
    const result = await batch.run();
    for (const outcome of result.outcomes) {
      if (outcome.ok && outcome.key === 'POST /cms/v2/posts') {
        expectTypeOf(outcome.data).toEqualTypeOf<Post>();
        expectTypeOf(outcome.data.title?.rendered).toEqualTypeOf<string | undefined>();
      }
    }
    // The mutating style (writers called without reassigning) types its outcomes the same way.
    const mutated = cms.batch();
    mutated.posts.create({ title: 'c' });
    const [outcome] = (await mutated.run()).outcomes;
    if (outcome?.ok && outcome.key === 'PUT /cms/v2/pages/{id}') expectTypeOf(outcome.data.id).toEqualTypeOf<number>();
  });
});
