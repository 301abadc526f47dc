/**
 * A JSON object of any keys, each value checked by one schema (`Record<string, V>`), built as an
 * object with a catchall rather than `z.record`: the object code is in every bundle that has a
 * record schema, while `z.record` is a class of its own (about 0.4 kB min+gzip in a browser
 * bundle of the posts routes). Keys of a JSON object are strings, so both accept the same values.
 */
import * as z from 'zod/mini';

/** An object whose every key maps to a value `value` accepts. */
/* @__NO_SIDE_EFFECTS__ */
export function stringMap<V extends z.core.SomeType>(value: V) {
  return z.catchall(z.object({}), value);
}
