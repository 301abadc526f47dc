/** The CMS fake's state: records of every type share one id sequence, as WordPress posts do. */

/** A stored record in its `context=edit` shape (WordPress field names). */
export type CmsRecord = Record<string, unknown> & { id: number; type: string; status: string };

/** Everything the fake remembers. */
export interface CmsStore {
  /** Records by id (posts, pages, blocks, menu items, media). */
  readonly records: Map<number, CmsRecord>;
  /** Revisions by parent id, oldest first. */
  readonly revisions: Map<number, CmsRecord[]>;
  /** The autosaves of each parent, newest first: one per user (`author`), as WordPress keeps them. */
  readonly autosaves: Map<number, CmsRecord[]>;
  /** Hands out the next id. */
  nextId(): number;
  /** The fake's clock, as WordPress formats dates (`YYYY-MM-DDTHH:MM:SS`, site time = UTC). */
  now(): string;
}

/** Creates an empty store; `clock` drives dates (default `Date.now`). */
export function createCmsStore(clock: () => number = Date.now): CmsStore {
  let id = 0;
  return {
    records: new Map(),
    revisions: new Map(),
    autosaves: new Map(),
    nextId: () => ++id,
    now: () => new Date(clock()).toISOString().slice(0, 19),
  };
}
