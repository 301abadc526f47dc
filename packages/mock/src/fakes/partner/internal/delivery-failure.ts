/** Why a webhook delivery failed, as the fake records it: the error and its network cause, never the secret. */

/**
 * `fetch failed: ECONNREFUSED 127.0.0.1:3000`: the error's message, then the most specific cause
 * in its chain (an errno code and the address it happened at, else the cause's message). The
 * secret, should anything quote it, is replaced.
 */
export function deliveryFailure(error: unknown, secret?: string): string {
  const outer = error instanceof Error ? error.message : String(error);
  let cause: string | undefined;
  let current = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, address, port, hostname, message } = current as Record<string, unknown>;
    if (typeof code === 'string') {
      const place = typeof address === 'string' ? `${address}${port === undefined ? '' : `:${port}`}` : hostname;
      cause = typeof place === 'string' ? `${code} ${place}` : code;
      break;
    }
    if (typeof message === 'string' && message !== '') cause = message;
    current = (current as { cause?: unknown }).cause;
  }
  const text = cause === undefined || cause === outer ? outer : `${outer}: ${cause}`;
  return secret ? text.split(secret).join('[secret]') : text;
}
