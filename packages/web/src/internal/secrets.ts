/** Guards that keep backend secrets out of the browser and secret values out of messages. */
import { ApiKeyNotAllowedError } from '../core/errors.js';

// API Key format is not published; these shapes catch the obvious mix-ups (docs/decisions/web.md).
const API_KEY_SHAPE = /^vl_(?:live_|test_)?api_|api[_-]?key/i;

/** Throws when a value looks like an API Key. */
export function refuseApiKey(value: string): void {
  if (API_KEY_SHAPE.test(value)) throw new ApiKeyNotAllowedError();
}

/** Throws when options carry an API Key under any common name. */
export function refuseApiKeyOption(options: object): void {
  for (const key of Object.keys(options)) if (/^api[_-]?key$/i.test(key)) throw new ApiKeyNotAllowedError();
}

/** Replaces each secret (4+ characters), raw or URL-encoded, in `text` with `[REDACTED]`. */
export function scrub(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const s of secrets)
    if (s && s.length > 3) for (const form of [s, encodeURIComponent(s)]) out = out.split(form).join('[REDACTED]');
  return out;
}
