import type { DeletePostResponse } from '@viewlink/schemas';
import { describe, expectTypeOf, it } from 'vitest';
import type { Call } from '../src/core/routes.js';
import type {
  AnyBatchOutcome,
  BatchableKey,
  BatchOutcome,
  BatchRouteTypes,
  BatchSuccess,
  CmsBatch,
  CmsClient,
  Out,
  Post,
  SitePage,
} from '../src/index.js';

declare const cms: CmsClient;

/** True when A and B are the same type (not merely mutually assignable). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('batch types', () => {
  it('only POST/PUT/PATCH/DELETE of posts, pages, menu items and blocks are batchable', () => {
    expectTypeOf<'POST /cms/v2/posts'>().toExtend<BatchableKey>();
    expectTypeOf<'DELETE /cms/v2/menu-items/{id}'>().toExtend<BatchableKey>();
    expectTypeOf<'PATCH /cms/v2/blocks/{id}'>().toExtend<BatchableKey>();
    expectTypeOf<'POST /cms/v2/media'>().not.toExtend<BatchableKey>();
    expectTypeOf<'GET /cms/v2/posts'>().not.toExtend<BatchableKey>();
    expectTypeOf<'PUT /cms/v2/templates/{template_id}'>().not.toExtend<BatchableKey>();
  });

  it('the spelled-out BatchRouteTypes agree with the route table, route by route', () => {
    expectTypeOf<keyof BatchRouteTypes>().toEqualTypeOf<BatchableKey>();
    type DataDrift = { [K in BatchableKey]: Same<BatchRouteTypes[K]['data'], Out<K>> extends true ? never : K };
    expectTypeOf<DataDrift[BatchableKey]>().toBeNever();
    type BodyDrift = {
      [K in BatchableKey]: Same<BatchRouteTypes[K]['body'], Call<K>['body'] & {}> extends true
        ? never
        : K extends `DELETE ${string}`
          ? Call<K>['body'] extends undefined
            ? never
            : K
          : K;
    };
    expectTypeOf<BodyDrift[BatchableKey]>().toBeNever();
  });

  it('run() types each outcome of an inline chain by its operation, in order', async () => {
    const result = await cms.batch().posts.create({ title: 'a' }).pages.delete(3, { force: true }).run();
    expectTypeOf(result.outcomes).toEqualTypeOf<
      readonly [BatchOutcome<'POST /cms/v2/posts'>, BatchOutcome<'DELETE /cms/v2/pages/{id}'>]
    >();
    const first = result.outcomes[0];
    if (first.ok) expectTypeOf(first.data).toEqualTypeOf<Post>();
    // @ts-expect-error a two-operation chain has no third outcome
    result.outcomes[2];
  });

  it('an update is queued as the PUT route the spec lists as batchable; a delete as DELETE', async () => {
    const result = await cms.batch().posts.update(1, { title: 'b' }).posts.delete(2).run();
    expectTypeOf(result.outcomes[0]).toEqualTypeOf<BatchOutcome<'PUT /cms/v2/posts/{id}'>>();
    expectTypeOf(result.outcomes[1]).toEqualTypeOf<BatchOutcome<'DELETE /cms/v2/posts/{id}'>>();
    const deleted = result.outcomes[1];
    if (deleted.ok) expectTypeOf(deleted.data).toEqualTypeOf<DeletePostResponse>();
  });

  it('writers check their bodies', () => {
    // @ts-expect-error title is a string (or { raw })
    cms.batch().posts.create({ title: 1 });
    // @ts-expect-error a page update needs the id
    cms.batch().pages.update({ title: 'x' });
  });

  it('a batch reassigned in a loop compiles without a type annotation; outcomes narrow by ok and key', async () => {
    let batch = cms.batch();
    for (const title of ['a', 'b']) batch = batch.posts.create({ title });
    for (const id of [1, 2]) batch = batch.pages.update(id, { title: 'renamed' });
    const result = await batch.run();
    expectTypeOf(result.outcomes).toEqualTypeOf<readonly AnyBatchOutcome[]>();
    expectTypeOf<AnyBatchOutcome>().toEqualTypeOf<BatchOutcome>();
    for (const outcome of result.outcomes) {
      if (outcome.ok && outcome.key === 'POST /cms/v2/posts') {
        expectTypeOf(outcome).toEqualTypeOf<BatchSuccess<'POST /cms/v2/posts'>>();
        expectTypeOf(outcome.data).toEqualTypeOf<Post>();
        expectTypeOf(outcome.data.title?.rendered).toEqualTypeOf<string | undefined>();
      }
      if (outcome.ok && outcome.key === 'PUT /cms/v2/pages/{id}') expectTypeOf(outcome.data).toEqualTypeOf<SitePage>();
      if (outcome.ok && outcome.key === 'DELETE /cms/v2/posts/{id}')
        expectTypeOf(outcome.data).toEqualTypeOf<DeletePostResponse>();
      // @ts-expect-error data exists only on a success
      outcome.data;
    }
  });

  it('the mutating style (writers called without reassigning) types its outcomes the same way', async () => {
    const batch = cms.batch();
    for (const title of ['a', 'b']) batch.posts.create({ title });
    batch.menuItems.delete(4, { force: true });
    const result = await batch.run();
    expectTypeOf(result.outcomes).toEqualTypeOf<readonly BatchOutcome[]>();
    const [outcome] = result.outcomes;
    if (outcome?.ok && outcome.key === 'PUT /cms/v2/pages/{id}') expectTypeOf(outcome.data).toEqualTypeOf<SitePage>();
  });

  it('an annotated CmsBatch variable and a chain assigned to it still compile', async () => {
    let batch: CmsBatch = cms.batch();
    batch = batch.posts.create({ title: 'a' }).blocks.delete(2);
    const chained: CmsBatch = cms.batch().pages.create({ title: 'p' }).posts.delete(3);
    expectTypeOf(chained).toExtend<CmsBatch>();
    expectTypeOf((await batch.run()).outcomes).toEqualTypeOf<readonly BatchOutcome[]>();
  });

  it('retryFailed() starts from operations of unknown order: writers chained on it append after them', async () => {
    const result = await cms.batch().posts.create({ title: 'a' }).run();
    const again = await result.retryFailed().pages.create({ title: 'p' }).run();
    expectTypeOf(again.outcomes).toEqualTypeOf<
      readonly [BatchOutcome, ...BatchOutcome[], BatchOutcome<'POST /cms/v2/pages'>]
    >();
  });
});
