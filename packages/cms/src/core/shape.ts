/**
 * The result type of a read follows its query (issue 13, item 4): `context` picks the record as
 * that context sends it (`edit` has `raw` parts and the edit-only fields, `view` has neither,
 * `embed` is the reduced record), `_fields` keeps exactly the listed fields, and `_embed` adds a
 * typed `_embedded`. {@link Shaped} computes it from a resource's {@link RecordShapes}, which
 * name each context's record, so a read without these parameters hovers as a plain name
 * (`PostView`).
 */
import type { CmsContext, ContentField, Embedded, ExcerptField, RenderedField } from '@viewlink/schemas';

/** The records one resource returns in each context, and the link relations it can embed. */
export interface RecordShapes {
  /** The record in `view` context (the default): no `raw` parts, no edit-only fields. */
  readonly view: object;
  /** The record in `edit` context: `raw` parts and the edit-only fields. */
  readonly edit: object;
  /** The record in `embed` context: the reduced set of fields WordPress embeds elsewhere. */
  readonly embed: object;
  /** Link relations WordPress embeds for this record type with `_embed`. */
  readonly relations: string;
}

/** A field name `_fields` takes: a top-level field, or a dotted path into one (`title.rendered`). */
export type FieldName<R> = (keyof R & string) | `${keyof R & string}.${string}`;

/** Field names `_fields` takes for a resource with shapes `S` (every context's fields, `_links`, `_embedded`). */
export type FieldOf<S extends RecordShapes> = FieldName<S['edit']> | '_links' | '_embedded';

/** Values `_embed` takes for a resource with shapes `S`: `true`, or a list of its relations. */
export type EmbedOf<S extends RecordShapes> = true | readonly S['relations'][];

/** The query parameters that shape a read's result; every read method takes them. */
export interface ShapeParams<S extends RecordShapes> {
  /** Detail level: `view` (default), `edit` (raw parts; needs edit rights) or `embed` (reduced). */
  readonly context?: CmsContext | undefined;
  /**
   * Fields to return, e.g. `['id', 'title']`: the result has exactly these. A dotted name
   * (`'title.rendered'`) returns part of an object field, typed as that field with every part optional.
   */
  readonly _fields?: readonly FieldOf<S>[] | undefined;
  /** Embed linked resources in `_embedded`: `true` for all, or a list of relations (`['author', 'wp:term']`). */
  readonly _embed?: EmbedOf<S> | undefined;
}

/** Names of the parameters {@link ShapeParams} types (the generated query types have them loosely). */
export type ShapeKey = 'context' | '_fields' | '_embed';

/** What a read method infers its result type from: the `context`, `_fields` and `_embed` given. */
export interface ShapeArgs<C, F, E> {
  /** Detail level. */
  readonly context?: C | undefined;
  /** Fields to return. */
  readonly _fields?: readonly F[] | undefined;
  /** Relations to embed. */
  readonly _embed?: E | undefined;
}

/** The record of one context: a union when the context is not known statically. */
type InContext<S extends RecordShapes, C> = C extends 'edit' ? S['edit'] : C extends 'embed' ? S['embed'] : S['view'];

/** The `_embedded` part a read with `_embed` relations `R` adds. */
export interface EmbeddedPart<R extends string> {
  /** Embedded linked resources; absent when the record links none of the relations asked for. */
  readonly _embedded?: Pick<Embedded, R & keyof Embedded>;
}

/** `T` with `_embedded` as `_embed` value `E` asks (`true`: every relation of `S`; `never`: no `_embed`). */
type Embedding<T, S extends RecordShapes, E> = [E] extends [never]
  ? T
  : E extends true
    ? T & EmbeddedPart<S['relations']>
    : E extends readonly (infer R extends string)[]
      ? T & EmbeddedPart<R>
      : T;

/** The top-level field a dotted `_fields` name reaches into. */
type Head<F> = F extends `${infer K}.${string}` ? K : never;

/**
 * The fields `F` of `T`, each present as the server sends it (required; a dotted name keeps its
 * top-level field with every part optional).
 */
export type Fields<T, F extends string> = {
  [K in keyof T as K extends F | Head<F> ? K : never]-?: K extends F
    ? Exclude<T[K], undefined>
    : Partial<Exclude<T[K], undefined>>;
};

/** The `_embedded` part of `_embed` value `E` when `_fields` trims the record. */
type EmbeddedOf<S extends RecordShapes, E> = E extends true
  ? EmbeddedPart<S['relations']>
  : E extends readonly (infer R extends string)[]
    ? EmbeddedPart<R>
    : {};

/**
 * The result of a read of a resource with shapes `S`: its record in context `C` (`view` by
 * default), with `_embedded` when `_embed` is `E`, trimmed to the `_fields` names `F` (the
 * client asks WordPress for `_embedded` too when both are given).
 */
export type Shaped<S extends RecordShapes, C = 'view', F extends string = never, E = never> = [F] extends [never]
  ? Embedding<InContext<S, C>, S, E>
  : // Every name (a query typed `PostListQuery`, not a literal): which fields came is not known.
    [FieldOf<S>] extends [F]
    ? Embedding<InContext<S, C>, S, E>
    : [E] extends [never]
      ? Fields<InContext<S, C>, F>
      : Fields<InContext<S, C>, Exclude<F, '_embedded'>> & EmbeddedOf<S, E>;

/** A `{ raw, rendered }` field as the view and embed contexts send it: HTML only. */
export interface RenderedView {
  /** HTML as displayed. */
  rendered?: string | undefined;
}
/** A `{ raw, rendered }` field as the edit context sends it: the stored text too. */
export interface RenderedEdit extends RenderedField {
  /** As stored, before filters. */
  raw: string;
}
/** `content` as the view context sends it. */
export interface ContentView {
  /** HTML as displayed. */
  rendered?: string | undefined;
  /** True when the content is password protected. */
  protected?: boolean | undefined;
}
/** `content` as the edit context sends it: the stored text and block format version too. */
export interface ContentEdit extends ContentField {
  /** As stored, before filters. */
  raw: string;
}
/** `excerpt` as the view and embed contexts send it. */
export interface ExcerptView {
  /** HTML as displayed. */
  rendered?: string | undefined;
  /** True when the content is password protected. */
  protected?: boolean | undefined;
}
/** `excerpt` as the edit context sends it: the stored text too. */
export interface ExcerptEdit extends ExcerptField {
  /** As stored, before filters. */
  raw: string;
}
