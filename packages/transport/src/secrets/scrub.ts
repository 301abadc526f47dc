/** Plain-string scrubbing of secrets, for the engine's light parts (the redaction tables: redact.ts). */

/** Replaces each secret (4+ characters), raw or URL-encoded, in `text` with `[REDACTED]`. */
export function scrubSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const s of secrets)
    if (s && s.length > 3) for (const form of [s, encodeURIComponent(s)]) out = out.split(form).join('[REDACTED]');
  return out;
}
