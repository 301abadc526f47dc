/** The CMS fake's state: records of every type share one id sequence, as WordPress posts do. */

/** A stored record in its `context=edit` shape (WordPress field names). */
export type CmsRecord = Record<string, unknown> & { id: number; type: string; status: string };

/** Everything the fake remembers. */
export interface CmsStore {
  /** Records by id (posts, pages, blocks, menu items, media). */
  readonly records: Map<number, CmsRecord>;
  /** Revisions by parent id, oldest first. */
  readonly revisions: Map<number, CmsRecord[]>;
  /** The autosave of each parent (one per parent, as for a single user). */
  readonly autosaves: Map<number, CmsRecord>;
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
