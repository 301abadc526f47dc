/**
 * The facade's requests: fetch with the bearer token, a per-request timeout, one replay after a
 * 401 once the token was renewed, errors from the shared tree, responses checked by zod/mini.
 */
import { PARTNER_AUTH, type PartnerErrorBody } from '@viewlink/schemas';
import {
  AuthenticationError,
  apiErrorFor,
  ConnectionError,
  ResponseValidationError,
  TimeoutError,
} from '@viewlink/transport/errors';
import type { Session } from './session.js';

/** Checks a response body: the parsed value, or the problems found. */
export type Validator<T> = (
  data: unknown,
) => { value: T } | { issues: Array<{ path: PropertyKey[]; message: string }> };

/** What a request needs from the SDK. */
export interface HttpContext {
  readonly baseUrl: string;
  readonly sdkKey: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly session: Session;
  /** Removes secret values from server-provided text. */
  scrub(text: string): string;
}

/** Sends one authenticated request and returns the validated body. */
export async function request<T>(
  ctx: () => HttpContext,
  method: 'GET' | 'POST',
  path: string,
  validate: Validator<T>,
  body?: unknown,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const { baseUrl, sdkKey, timeoutMs, fetch, session, scrub } = ctx();
    const token = await session.token();
    const url = baseUrl + path;
    const info = { method, url };
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          [PARTNER_AUTH.sdkKeyHeader]: sdkKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: abort.signal,
      });
      text = await response.text();
    } catch (error) {
      if (abort.signal.aborted) throw new TimeoutError(info, `no answer within ${timeoutMs} ms`);
      throw new ConnectionError(info, scrub(error instanceof Error ? error.message : String(error)));
    } finally {
      clearTimeout(timer);
    }
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (response.status === 401 && attempt === 0) {
      // One renewal per token, however many requests hit the 401 (session.expire dedupes).
      session.expire('unauthorized', token);
      continue;
    }
    if (!response.ok) {
      // The designed error body (PartnerErrorBody), read defensively without a schema.
      const body = (data as Partial<PartnerErrorBody> | undefined)?.error;
      const detail = typeof body?.code === 'string' && typeof body.message === 'string' ? body : undefined;
      const error = apiErrorFor({
        ...info,
        status: response.status,
        code: detail?.code,
        message: detail ? scrub(detail.message) : undefined,
        requestId: response.headers.get('x-request-id') ?? detail?.request_id,
      });
      if (error instanceof AuthenticationError) session.expire('unauthorized', token);
      throw error;
    }
    const result = validate(data);
    if ('issues' in result) throw new ResponseValidationError(info, response.status, result.issues);
    return result.value;
  }
}
