// What a hover names: posts and pages own their members (`Posts.list`, `Posts.revisions:
// PostRevisions`, `Pages.autosaves: PageAutosaves`), typed as the shared bases type them.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Autosaves,
  BlockAutosaves,
  BlockRevisions,
  BlockShapes,
  CmsClient,
  ContentWithHistory,
  GetRecord,
  ListRecords,
  PageAutosaves,
  PageRevisions,
  PageShapes,
  PagesClient,
  PostAutosaves,
  PostRevisions,
  PostShapes,
  PostsClient,
  RevisionShapes,
  Revisions,
  RevisionView,
} from '../src/index.js';

declare const cms: CmsClient;
declare const postsClient: PostsClient;
declare const pagesClient: PagesClient;

describe('resource member names', () => {
  it('types posts and pages members by names of their own', () => {
    expectTypeOf(cms.posts.list).toEqualTypeOf<ListRecords<PostShapes>>();
    expectTypeOf(cms.pages.get).toEqualTypeOf<GetRecord<PageShapes>>();
    expectTypeOf(cms.posts.revisions).toEqualTypeOf<PostRevisions>();
    expectTypeOf(cms.posts.autosaves).toEqualTypeOf<PostAutosaves>();
    expectTypeOf(cms.pages.revisions).toEqualTypeOf<PageRevisions>();
    expectTypeOf(cms.pages.autosaves).toEqualTypeOf<PageAutosaves>();
    expectTypeOf(cms.blocks.list).toEqualTypeOf<ListRecords<BlockShapes>>();
    expectTypeOf(cms.blocks.revisions).toEqualTypeOf<BlockRevisions>();
    expectTypeOf(cms.blocks.autosaves).toEqualTypeOf<BlockAutosaves>();
    expectTypeOf(postsClient.revisions).toEqualTypeOf<PostRevisions>();
    expectTypeOf(pagesClient.autosaves).toEqualTypeOf<PageAutosaves>();
  });

  it('keeps the named members the shared bases type (a Posts is still a ContentWithHistory)', () => {
    expectTypeOf(cms.posts).toMatchTypeOf<ContentWithHistory<'posts', PostShapes, RevisionShapes>>();
    expectTypeOf<PostRevisions>().toMatchTypeOf<Revisions<'posts', number, RevisionShapes>>();
    expectTypeOf<PageAutosaves>().toMatchTypeOf<Autosaves<'pages', number, RevisionShapes>>();
    expectTypeOf(cms.pages.revisions.get(1, 2)).toEqualTypeOf<Promise<RevisionView>>();
    expectTypeOf(cms.posts.autosaves.get(1, 2, { _fields: ['id'] })).toEqualTypeOf<Promise<{ id: number }>>();
    // @ts-expect-error revisions are deleted permanently only
    cms.posts.revisions.delete(1, 2);
  });
});
