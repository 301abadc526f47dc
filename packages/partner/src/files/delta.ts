/**
 * Applying data files to records already held: the cold start loads the initial file, each
 * delta then upserts and removes by stable key (`kind:key`).
 */
import type { DeltaFilePosted } from '@viewlink/schemas';
import type { DataFileRecord, HeldRecord } from './types.js';

/** Records held by a partner, keyed by {@link recordKey}. */
export type DataRecordMap = Map<string, HeldRecord>;

/** The stable key of a record across files: `"<kind>:<key>"` (unknown kinds keep their own kind). */
export function recordKey(record: DataFileRecord): string {
  return `${record.kind === 'unknown' ? record.recordKind : record.kind}:${record.key}`;
}

/** Options of {@link applyDelta}. */
export interface ApplyDeltaOptions {
  /**
   * Change `current` itself (when it is a Map) instead of a copy. Default false. If reading
   * the delta fails midway, the map is then left partly updated; without it, nothing changes.
   */
  readonly inPlace?: boolean;
}

/**
 * Applies records (a delta file, or an initial file onto an empty map) to the records held:
 * an upsert replaces or adds by key, a delete removes (a missing key is fine, so re-applying a
 * delta is harmless). Records of an unknown kind are kept by key; unknown ops are ignored.
 *
 * @example
 * ```ts
 * let held = await applyDelta(new Map(), readDataFile(initialResponse));   // cold start
 * held = await applyDelta(held, readDataFile(deltaResponse));             // then each delta
 * ```
 * @param current A Map from a previous call, or any iterable of held records.
 * @param delta Records, sync or async (e.g. straight from `readDataFile`).
 */
export async function applyDelta(
  current: ReadonlyMap<string, HeldRecord> | Iterable<HeldRecord>,
  delta: Iterable<DataFileRecord> | AsyncIterable<DataFileRecord>,
  options: ApplyDeltaOptions = {},
): Promise<DataRecordMap> {
  let held: DataRecordMap;
  if (current instanceof Map) held = options.inPlace ? (current as DataRecordMap) : new Map(current);
  else {
    held = new Map();
    for (const record of current as Iterable<HeldRecord>) held.set(recordKey(record), record);
  }
  for await (const record of delta) {
    if (record.op === 'upsert') held.set(recordKey(record), record as HeldRecord);
    else if (record.op === 'delete') held.delete(recordKey(record));
  }
  return held;
}

/** What to do with a delta event given the sequence of the data held. */
export type DeltaPlan =
  /** It follows what you hold: fetch and apply it. */
  | 'apply'
  /** Already applied (a redelivery or an older delta): skip it. */
  | 'already_applied'
  /** A delta is missing in between (or nothing is held): load a full snapshot instead. */
  | 'gap';

/**
 * Decides whether a DeltaFilePosted applies on top of the data held, from its
 * `base_sequence`/`sequence` and the sequence of the last file applied.
 */
export function planDelta(
  heldSequence: number | undefined,
  event: Pick<DeltaFilePosted, 'sequence' | 'base_sequence'>,
): DeltaPlan {
  if (heldSequence === undefined) return 'gap';
  if (event.sequence <= heldSequence) return 'already_applied';
  return event.base_sequence === heldSequence ? 'apply' : 'gap';
}
