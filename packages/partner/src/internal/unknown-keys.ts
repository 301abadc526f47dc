/** Refuses option keys a method does not know, so a typo (`services`) fails instead of being ignored. */
import { ValidationError } from '@viewlink/transport';

/** @throws ValidationError naming each unknown key of `options`. */
export function rejectUnknownKeys(options: object, known: ReadonlySet<string>, what: string): void {
  const unknown = Object.keys(options).filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw new ValidationError(
      what,
      unknown.map((key) => ({ path: [key], message: `is an unknown option (known: ${[...known].join(', ')})` })),
    );
}
