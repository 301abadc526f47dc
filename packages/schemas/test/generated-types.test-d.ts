// The generated named types (scripts/build-types.ts) against the schemas they come from: each
// pair is mutually assignable once the schema's loose index signatures are set aside, and the
// named types are closed, so a typo in a response field fails to compile.
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type * as schemas from '../src/index.js';
import type {
  Block,
  blockRecord,
  KnownWebhookEvent,
  LinkedAccountList,
  Media,
  MenuItem,
  mediaRecord,
  menuItemRecord,
  PartnerTitle,
  PartnerWebhookEvent,
  Post,
  PostsQuery,
  PostWrite,
  pageRecord,
  postRecord,
  postsQuery,
  postWrite,
  Revision,
  revisionRecord,
  SitePage,
  Template,
  TokenPair,
  templateRecord,
  UserDataRefreshCompleted,
  WatchHistoryEntry,
  Watchlist,
} from '../src/index.js';

/** Drops string and number index signatures, deeply (what a loose zod object adds). */
type Known<T> = T extends readonly (infer I)[]
  ? Known<I>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Known<T[K]> }
    : T;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Mutually assignable, and the same top-level keys (optional keys alone would not tell them apart). */
type Alike<A, B> = Mutual<A, B> extends true ? Mutual<keyof A, keyof B> : false;
type Same<S extends z.ZodMiniType, Named, Io extends 'input' | 'output' = 'output'> = Alike<
  Known<Io extends 'input' ? z.input<S> : z.output<S>>,
  Named
>;

describe('generated named types', () => {
  it('match the partner schemas', () => {
    expectTypeOf<Same<typeof schemas.Watchlist, Watchlist>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof schemas.PartnerTitle, PartnerTitle>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof schemas.WatchHistoryEntry, WatchHistoryEntry>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof schemas.TokenPair, TokenPair>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof schemas.LinkedAccountList, LinkedAccountList>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof schemas.KnownWebhookEvent, KnownWebhookEvent>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof schemas.PartnerWebhookEvent, PartnerWebhookEvent>>().toEqualTypeOf<true>();
  });

  it('match the CMS records and inputs', () => {
    expectTypeOf<Same<typeof postRecord, Post>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof pageRecord, SitePage>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof mediaRecord, Media>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof menuItemRecord, MenuItem>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof blockRecord, Block>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof templateRecord, Template>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof revisionRecord, Revision>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof postsQuery, PostsQuery, 'input'>>().toEqualTypeOf<true>();
    expectTypeOf<Same<typeof postWrite, PostWrite, 'input'>>().toEqualTypeOf<true>();
  });

  it('are closed: a typo in a response field fails to compile', () => {
    const event = {} as UserDataRefreshCompleted;
    // @ts-expect-error the field is refresh_id
    void event.refreshId;
    const title = {} as PartnerTitle;
    // @ts-expect-error a title has a name, not a title
    void title.title;
    const post = {} as Post;
    // @ts-expect-error the field is featured_media
    void post.featuredMedia;
    expectTypeOf(post.title?.rendered).toEqualTypeOf<string | undefined>();
  });

  it('carry each route table by name', () => {
    expectTypeOf<schemas.CmsRoutes['GET /cms/v2/posts/{id}']['response']>().toEqualTypeOf<schemas.Typed<Post>>();
    expectTypeOf<z.output<schemas.PartnerRoutes['GET /v1/user/watchlist']['response']>>().toEqualTypeOf<Watchlist>();
  });
});
