/**
 * A zod/mini loose object that parses through zod's compiled (JIT) object parser. zod/mini's
 * own objects take the generic path, which made validating a 100,000-entry history cost about
 * 3x JSON.parse; the compiled parser brings it near 1.5x (bench/partner-history.bench.ts). Same
 * def, same issues, same types; still an `instanceof ZodMiniObject`. Used only for the objects a
 * history page repeats thousands of times. Where `eval` is forbidden (CSP), zod falls back to the
 * generic path by itself.
 */
import * as z from 'zod/mini';
import * as core from 'zod/v4/core';

type Init = (inst: z.ZodMiniObject, def: z.ZodMiniObject['_zod']['def']) => void;
const initMiniObject: Init = z.ZodMiniObject.init;
const initObjectJIT: Init = core.$ZodObjectJIT.init;

const ZodMiniLooseObjectJIT = /*@__PURE__*/ core.$constructor('ZodMiniLooseObjectJIT', ((inst, def) => {
  initMiniObject(inst, def);
  // Replaces the generic parser installed above with the compiled one, on the same def.
  initObjectJIT(inst, def);
}) as Init);

/** `z.looseObject(shape)` with zod's compiled object parser. Unknown keys pass, as with looseObject. */
// @__NO_SIDE_EFFECTS__
export function jitLooseObject<const Shape extends core.$ZodLooseShape>(
  shape: Shape,
): z.ZodMiniObject<Shape, core.$loose> {
  return new ZodMiniLooseObjectJIT({ type: 'object', shape, catchall: z.unknown() }) as unknown as z.ZodMiniObject<
    Shape,
    core.$loose
  >;
}
