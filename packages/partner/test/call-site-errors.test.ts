// ValidationErrors name the method the user called and the parameter they wrote
// (`user.history.entries(): limit must be at most 500`), never a route's operationId, and are
// thrown before anything is sent.
import { ValidationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { createTestWebhookEvent, PartnerClient, TokenPair } from '../src/index.js';
import { PARTNER_METHOD_NAMES } from '../src/internal/method-names.js';

let sent = 0;
const client = new PartnerClient({
  apiKey: 'vl_test_api_key',
  baseUrl: 'http://127.0.0.1:9',
  retry: false,
  fetch: async () => {
    sent++;
    throw new Error('nothing may be sent');
  },
});
const pair = TokenPair.fromResponse(
  'user-1',
  { access_token: 'at', refresh_token: 'rt', expires_in: 600, token_type: 'Bearer' },
  Date.now(),
);
const user = client.user(pair);

/** The message of the ValidationError `act` throws or rejects with. */
async function messageOf(act: () => unknown): Promise<string> {
  try {
    await act();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).message;
  }
  throw new Error('expected a ValidationError');
}

describe('errors at the call site (partner)', () => {
  it('history: the method called, then the parameter and what it must be', async () => {
    expect(await messageOf(() => user.history.entries({ limit: 501 }))).toBe(
      'user.history.entries(): limit must be at most 500',
    );
    expect(await messageOf(() => user.history.pages({ limit: 0 }))).toBe(
      'user.history.pages(): limit must be at least 1',
    );
    expect(await messageOf(() => user.history.since('yesterday'))).toMatch(/^user\.history\.since\(\): since must be/);
    // Neither a Date nor a string: both kinds named (it said "must be a string").
    expect(await messageOf(() => user.history.since(Date.now() as never))).toBe(
      'user.history.since(): since must be a Date or a date-time string',
    );
    // An ISO 8601 date alone, or a time without a zone, names no instant: refused, saying what is taken
    // ("since must be a valid datetime" before, for a string that is a valid ISO 8601 date).
    // Worded by the route's own check (the transport's wording of a date-time), plus the Date the method takes.
    const sinceTaken =
      "since must be an ISO 8601 date-time with a time zone, e.g. '2024-01-01T00:00:00Z' or '2024-01-01T02:00:00+02:00' (a date alone or a time without a zone names no instant), or a Date";
    expect(await messageOf(() => user.history.since('2024-01-01'))).toBe(`user.history.since(): ${sinceTaken}`);
    expect(await messageOf(() => user.history.entries({ since: '2024-01-01T10:00:00' }))).toBe(
      `user.history.entries(): ${sinceTaken}`,
    );
    // collect() is all() by another name: named as written (it said user.history.all()).
    expect(await messageOf(() => user.history.collect({ limit: 0 }))).toBe(
      'user.history.collect(): limit must be at least 1',
    );
    expect(await messageOf(() => user.history.collect({ maxEntries: 0 }))).toBe(
      'user.history.collect(): maxEntries must be a positive integer',
    );
    expect(await messageOf(() => user.history.all({ limit: 1.5 }))).toBe(
      'user.history.all(): limit must be an integer',
    );
    expect(await messageOf(() => user.history.entries({ since: new Date(Number.NaN) }))).toBe(
      'user.history.entries(): since must be a valid Date',
    );
    // A misspelt parameter is named where it was written, not as "unknown key" of the whole input.
    expect(await messageOf(() => user.history.entries({ limt: 5 } as never))).toBe(
      'user.history.entries(): limt is an unknown parameter',
    );
  });

  it('other reads and the token calls', async () => {
    // In words, not as the pattern it is checked with.
    expect(await messageOf(() => user.recommendations({ service: 'Not A Slug!' }))).toBe(
      'user.recommendations(): service must be a service id: lowercase letters, digits, _ and -, e.g. `netflix`',
    );
    expect(await messageOf(() => user.recommendations({ services: 'x' } as never))).toMatch(
      /^user\.recommendations\(\): services is an unknown option/,
    );
    expect(await messageOf(() => client.tokens.issue({ userId: '' }))).toBe(
      'client.tokens.issue(): userId must not be empty',
    );
    expect(await messageOf(() => client.tokens.issue({ userId: '  ' }))).toBe(
      'client.tokens.issue(): userId must not be only whitespace',
    );
    expect(await messageOf(() => client.tokens.issue(undefined as never))).toBe(
      'client.tokens.issue(): expected an input object: { userId, signal }',
    );
    // A misspelt key is refused, not dropped (and the id it holds is not sent as another user's).
    expect(await messageOf(() => client.tokens.issue({ userID: 'u-1' } as never))).toBe(
      'client.tokens.issue(): userId is required; userID is an unknown option (known: userId, signal)',
    );
    // In the words of every other call's options, and at the call, not as "Invalid request options".
    expect(await messageOf(() => client.tokens.issue({ userId: 'u-1', ttl: 60 } as never))).toBe(
      'client.tokens.issue(): ttl is an unknown option (known: userId, signal)',
    );
    expect(await messageOf(() => client.tokens.issue({ userId: 'u-1', signal: 5 } as never))).toBe(
      'client.tokens.issue(): signal must be an AbortSignal',
    );
    expect(await messageOf(() => user.watchlist({ signal: 5 } as never))).toBe(
      'user.watchlist(): signal must be an AbortSignal',
    );
    expect(await messageOf(() => client.user(''))).toBe('client.user(): user id must not be empty or only whitespace');
    // The app's tokens handed back (an ISO expires_at, no user_id): the two shapes told apart.
    const sdkTokens = pair.toSdkTokens();
    expect(await messageOf(() => client.user({ user_id: 'user-1', ...sdkTokens } as never))).toBe(
      'client.user(): expires_at must be ms since the epoch (a number), as pair.toStored() writes it; the ISO string of pair.toSdkTokens() is for the app',
    );
    // A malformed pair is named at the call that was given it, as client.user() does ("Invalid token pair" before).
    expect(await messageOf(() => client.tokens.renew({ user_id: 'u' } as never))).toBe(
      'client.tokens.renew(): access_token is required; refresh_token is required; expires_at is required',
    );
  });

  it('a signal that is not an AbortSignal, named at the call, before the read uses it', async () => {
    const bad = { signal: 5 } as never;
    const drain = (iterable: AsyncIterable<unknown>) => async () => {
      for await (const _ of iterable) break;
    };
    for (const [act, call] of [
      [() => drain(user.history.entries(bad))(), 'user.history.entries()'],
      [() => drain(user.history.pages(bad))(), 'user.history.pages()'],
      [() => user.history.all(bad), 'user.history.all()'],
      // The read joins the signal to its own before any request (a TypeError there before).
      [() => drain(client.files.read('file_1', bad))(), 'client.files.read()'],
      [() => client.files.fetch('file_1', bad), 'client.files.fetch()'],
    ] as const)
      expect(await messageOf(act)).toBe(`${call}: signal must be an AbortSignal`);
  });

  it('a webhook event that announces no file is refused by the file calls, not fetched as a file id', async () => {
    // Its `id` is the event's: GET /v1/files/evt_... was sent and answered 404 before.
    const refresh = createTestWebhookEvent('UserDataRefreshCompleted');
    const drain = (iterable: AsyncIterable<unknown>) => async () => {
      for await (const _ of iterable) break;
    };
    const before = sent;
    expect(await messageOf(() => drain(client.files.read(refresh as never))())).toBe(
      'client.files.read(): file must be a file event (InitialFilePosted, DeltaFilePosted, UserFilePosted), its `file` descriptor or a data file id; a UserDataRefreshCompleted event announces no file',
    );
    const unknownEvent = { type: 'unknown', eventType: 'SomethingNew', id: 'evt_1', payload: {} };
    expect(await messageOf(() => client.files.fetch(unknownEvent as never))).toMatch(
      /^client\.files\.fetch\(\): file must be a file event .*; a SomethingNew event announces no file$/,
    );
    expect(sent).toBe(before);
  });

  it('names no operationId and sends nothing', async () => {
    const message = await messageOf(() => user.history.entries({ limit: 501 }));
    expect(message).not.toMatch(/getWatchHistory|Invalid/);
    expect(sent).toBe(0);
  });

  it('every route has its method name, written as a call', () => {
    for (const name of Object.values(PARTNER_METHOD_NAMES)) expect(name).toMatch(/^[a-zA-Z.]+\(\)$/);
  });
});
