/**
 * Echo mode of the fakes (`echoCredentials: true`): a hostile server for redaction tests. Every
 * error answer quotes every credential the request carried (the `authorization` header and the
 * token inside it, SDK Key and nonce headers, cookies, secret-looking query values, the raw
 * body) in its code, message, request id, per-parameter fields and headers, raw and encoded
 * (URL-encoded, base64), so a client that leaks any of them into an error or a log line fails
 * its leak scan.
 */
import type { Handle } from '../router.js';

const CREDENTIAL_HEADER = /auth|token|secret|key|password|nonce|cookie|signature|session/i;
const SECRET_QUERY = /token|secret|password|key|signature|auth|code|nonce|jwt/i;

function toBase64(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Every credential value a request carried, as the server received it. */
function credentialsOf(request: Request, body: string): string[] {
  const out: string[] = [];
  request.headers.forEach((value, name) => {
    if (!CREDENTIAL_HEADER.test(name)) return;
    out.push(value);
    const scheme = /^\s*(\w+)\s+(\S+)\s*$/.exec(value);
    if (scheme?.[2]) {
      out.push(scheme[2]);
      if (scheme[1]?.toLowerCase() === 'basic') {
        try {
          const decoded = atob(scheme[2]);
          out.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
        } catch {
          // Not base64: echoed as sent.
        }
      }
    }
  });
  for (const [name, value] of new URL(request.url).searchParams) if (SECRET_QUERY.test(name)) out.push(value);
  if (body) {
    out.push(body);
    try {
      const json = JSON.parse(body) as unknown;
      if (json && typeof json === 'object')
        for (const value of Object.values(json)) if (typeof value === 'string') out.push(value);
    } catch {
      // Not JSON: the raw body is echoed already.
    }
  }
  return [...new Set(out.filter((value) => value.length > 0))];
}

/** The shape of the error body to rewrite. */
type EchoShape = 'partner' | 'wordpress';

function quote(credentials: readonly string[]): string {
  return credentials.map((c) => `${c} (url: ${encodeURIComponent(c)}, b64: ${toBase64(c)})`).join(' | ');
}

function rewrite(body: unknown, credentials: readonly string[], shape: EchoShape): unknown {
  const first = credentials[0] ?? '';
  const quoted = quote(credentials);
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (shape === 'partner') {
    const error = (typeof record.error === 'object' && record.error !== null ? record.error : {}) as Record<
      string,
      unknown
    >;
    return {
      ...record,
      error: {
        ...error,
        code: `${String(error.code ?? 'error')}:${first}`,
        message: `${String(error.message ?? 'refused')}; you sent ${quoted}`,
        request_id: first,
      },
    };
  }
  const data = (typeof record.data === 'object' && record.data !== null ? record.data : {}) as Record<string, unknown>;
  return {
    ...record,
    code: `${String(record.code ?? 'rest_error')}:${first}`,
    message: `${String(record.message ?? 'refused')}; you sent ${quoted}`,
    data: {
      ...data,
      params: { [first]: `received ${quoted}` },
      details: { [first]: { code: first, message: quoted, data: { echoed: credentials } } },
    },
  };
}

/** Wraps a fake's handle so every error answer echoes the request's credentials. */
export function echoingCredentials(handle: Handle, shape: EchoShape): Handle {
  return async (request) => {
    // Read before the fake consumes it: the body may carry a refresh token or a password.
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    const response = await handle(request);
    if (response.status < 400 || response.type === 'error') return response;
    const credentials = credentialsOf(request, body);
    if (credentials.length === 0) return response;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await response.text());
    } catch {
      parsed = undefined;
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    headers.set('x-request-id', credentials[0] ?? '');
    headers.set('www-authenticate', `Bearer realm="viewlink", error="invalid_token", token="${credentials[0] ?? ''}"`);
    headers.set('x-echo-credentials', encodeURIComponent(credentials.join(' ')));
    return new Response(JSON.stringify(rewrite(parsed, credentials, shape)), { status: response.status, headers });
  };
}
