// Type budget reference (scripts/type-budget.mjs): what the @viewlink/schemas and @viewlink/transport
// READMEs' samples do with a schema (parse data, read it, print its issues), written on zod/mini
// alone with one small object schema of its own, so the gate budgets what the packages add to such
// a file, not what zod/mini's own types cost (about 2,000 instantiations).
import * as z from 'zod/mini';

const Title = z.looseObject({ id: z.string(), name: z.string() });

const parsed = z.safeParse(Title, { id: 'tt1', name: 'Dune' });
if (parsed.success) console.log(parsed.data.name);
else console.log(parsed.error.issues[0]?.path, z.prettifyError(parsed.error));
