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
import { scrub as scrubSecrets } from './secrets.js';
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

function optional(value: string | null | undefined, scrub: (text: string) => string): string | undefined {
  return typeof value === 'string' ? scrub(value) : undefined;
}

/** Sends one authenticated request and returns the validated body. */
export async function request<T>(
  ctx: () => HttpContext,
  method: 'GET' | 'POST',
  path: string,
  validate: Validator<T>,
  body?: unknown,
): Promise<T> {
  const { baseUrl, sdkKey, timeoutMs, fetch, session, scrub: scrubKnown } = ctx();
  const url = baseUrl + path;
  const info = { method, url };
  // Every credential this request sent (a replay sends a renewed token): scrubbed from its errors
  // even after the session moved on to another token (issue 16).
  const sent: string[] = [];
  const scrub = (text: string) => scrubKnown(scrubSecrets(text, sent));
  const failure = (timedOut: boolean, error: unknown) =>
    timedOut
      ? new TimeoutError(info, `no answer within ${timeoutMs} ms`)
      : new ConnectionError(info, scrub(error instanceof Error ? error.message : String(error)));
  let response: Response;
  let text: string;
  try {
    const answered = await authorize(
      tokenAuth(session),
      {
        replayable: true,
        // Send stage: one fetch per attempt, its timer left running until the body is read.
        async send(credentials) {
          if (credentials) sent.push(...Object.values(credentials).map((v) => v.replace(/^Bearer\s+/i, '')));
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
            // The body is read within the attempt: a stall mid-body is a timeout, not a connection error.
            return { response: answer, timer, text: await answer.text() };
          } catch (error) {
            clearTimeout(timer);
            throw failure(abort.signal.aborted, error);
          }
        },
      },
      // The session bounds its own renewal (tokenRenewalTimeoutMs).
      { bound: (work) => work, logger: undefined, info },
    );
    response = answered.response;
    clearTimeout(answered.timer);
    text = answered.text ?? '';
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
      // Every server-supplied string is scrubbed: a hostile server may echo the token it got.
      code: detail ? scrub(detail.code) : undefined,
      message: detail ? scrub(detail.message) : undefined,
      requestId: optional(response.headers.get('x-request-id') ?? detail?.request_id, scrub),
    });
  }
  const result = validate(data);
  if ('issues' in result) throw new ResponseValidationError(info, response.status, result.issues);
  return result.value;
}
