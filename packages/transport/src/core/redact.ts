/**
 * Secret redaction, done once for every client. A redactor knows the secret values a client
 * holds and scrubs them, and their Basic/Bearer encodings, from any string.
 */

/** Marker that replaces every secret. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are always stripped from URLs in errors and logs. */
const SECRET_PARAM =
  /^(?:.*token.*|.*secret.*|.*password.*|.*key|signature|auth|authorization|code|_wpnonce|jwt|.*_jwt)$/i;

/** Scrubs secrets from strings; build one with {@link createRedactor}. */
export interface Redactor {
  /** Replaces every known secret (and its encodings) in `text`. */
  text(text: string): string;
  /** Strips userinfo and secret-looking query values from a URL, then scrubs known secrets. */
  url(url: string): string;
}

function base64(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Creates a redactor for a set of secrets, read lazily so rotated secrets are covered.
 * Secrets shorter than 4 characters are ignored: replacing them would mangle ordinary text.
 */
export function createRedactor(secrets: () => Iterable<string | undefined> = () => []): Redactor {
  const patterns = (): string[] => {
    const out: string[] = [];
    for (const secret of secrets()) {
      if (!secret || secret.length < 4) continue;
      out.push(secret, encodeURIComponent(secret), base64(secret));
    }
    // Longest first, so a secret containing another is replaced whole.
    return out.sort((a, b) => b.length - a.length);
  };
  const text = (input: string): string => {
    let result = input;
    for (const pattern of patterns()) {
      if (result.includes(pattern)) result = result.split(pattern).join(REDACTED);
    }
    return result;
  };
  const url = (input: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(input);
    } catch {
      return text(input);
    }
    if (parsed.username || parsed.password) {
      parsed.username = '';
      parsed.password = '';
    }
    for (const name of [...parsed.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, REDACTED);
    }
    return text(parsed.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED));
  };
  return { text, url };
}
