/**
 * The facade's requests, as stages of the transport pipeline: the authorize stage of
 * `@viewlink/transport/authorize` (the bearer token per attempt; after a 401 the session renews
 * it, bounded by `tokenRenewalTimeoutMs`, and the request is replayed once), a send stage of one
 * fetch with a per-attempt timeout, and a parse stage mapping statuses onto the shared error
 * tree and checking bodies with zod/mini. Compact on purpose: the bundle budget is 12 kB.
 */
import { PARTNER_AUTH, type PartnerErrorBody } from '@viewlink/schemas';
import { type AuthStrategy, authorize, StrategyFailure } from '@viewlink/transport/authorize';
import { apiErrorFor, ConnectionError, ResponseValidationError, TimeoutError } from '@viewlink/transport/errors';
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

/** The session's token as an auth strategy: a 401 expires it (one renewal however many requests hit it). */
function tokenAuth(session: Session): AuthStrategy<string> {
  return {
    credential: () => session.token(),
    apply: (token, headers) => {
      headers.authorization = `Bearer ${token}`;
    },
    renew: (token) => {
      session.expire('unauthorized', token);
      return session.token();
    },
    refused: (token) => session.expire('unauthorized', token),
  };
}

/** Sends one authenticated request and returns the validated body. */
export async function request<T>(
  ctx: () => HttpContext,
  method: 'GET' | 'POST',
  path: string,
  validate: Validator<T>,
  body?: unknown,
): Promise<T> {
  const { baseUrl, sdkKey, timeoutMs, fetch, session, scrub } = ctx();
  const url = baseUrl + path;
  const info = { method, url };
  const failure = (timedOut: boolean, error: unknown) =>
    timedOut
      ? new TimeoutError(info, `no answer within ${timeoutMs} ms`)
      : new ConnectionError(info, scrub(error instanceof Error ? error.message : String(error)));
  let response: Response;
  let text: string;
  try {
    const sent = await authorize(
      tokenAuth(session),
      {
        replayable: true,
        // Send stage: one fetch per attempt, its timer left running until the body is read.
        async send(credentials) {
          const abort = new AbortController();
          const timer = setTimeout(() => abort.abort(), timeoutMs);
          try {
            const answer = await fetch(url, {
              method,
              headers: {
                accept: 'application/json',
                ...credentials,
                [PARTNER_AUTH.sdkKeyHeader]: sdkKey,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
              signal: abort.signal,
            });
            return { response: answer, timer };
          } catch (error) {
            clearTimeout(timer);
            throw failure(abort.signal.aborted, error);
          }
        },
      },
      // The session bounds its own renewal (tokenRenewalTimeoutMs).
      { bound: (work) => work, logger: undefined, info },
    );
    response = sent.response;
    try {
      text = await response.text();
    } catch (error) {
      throw failure(false, error);
    } finally {
      clearTimeout(sent.timer);
    }
  } catch (error) {
    throw error instanceof StrategyFailure ? error.original : error;
  }
  // Parse stage.
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    // The designed error body (PartnerErrorBody), read defensively without a schema.
    const body = (data as Partial<PartnerErrorBody> | undefined)?.error;
    const detail = typeof body?.code === 'string' && typeof body.message === 'string' ? body : undefined;
    throw apiErrorFor({
      ...info,
      status: response.status,
      code: detail?.code,
      message: detail ? scrub(detail.message) : undefined,
      requestId: response.headers.get('x-request-id') ?? detail?.request_id,
    });
  }
  const result = validate(data);
  if ('issues' in result) throw new ResponseValidationError(info, response.status, result.issues);
  return result.value;
}
