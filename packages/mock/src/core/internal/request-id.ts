/** Gives every answer of the mock an `x-request-id`, as the real services send one (`error.requestId`). */

/** Sets a fresh `x-request-id` on `response` unless it has one; returns the response. */
export function withRequestId(response: Response): Response {
  if (response.type === 'error' || response.headers.has('x-request-id')) return response;
  try {
    response.headers.set('x-request-id', `mock-${crypto.randomUUID()}`);
    return response;
  } catch {
    // Immutable headers (a redirect or a fetched response): copy the answer.
    const headers = new Headers(response.headers);
    headers.set('x-request-id', `mock-${crypto.randomUUID()}`);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
