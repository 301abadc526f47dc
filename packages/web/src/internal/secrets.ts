/** Guards that keep backend secrets out of the browser (secret values are scrubbed from messages by `scrubSecrets` of the transport). */
import { ApiKeyNotAllowedError } from '../core/errors.js';

// API Key format is not published; these shapes catch the obvious mix-ups (docs/decisions/web.md).
const API_KEY_SHAPE = /^vl_(?:live_|test_)?api_|api[_-]?key/i;

/** Throws when a value looks like an API Key. */
export function refuseApiKey(value: string): void {
  if (API_KEY_SHAPE.test(value)) throw new ApiKeyNotAllowedError();
}
