// The runtime-neutral scenario of the runtime matrix (docs/runtimes.md): plain ESM and Web
// standard APIs only, so Node, Deno, Bun, workerd and a Chromium page run the same code. It
// imports nothing itself: each entry hands it the INSTALLED packages (by `import` or `require`).

export const API_KEY = 'vl_test_api_key';
export const WEBHOOK_SECRET = 'whsec_runtime_matrix';
/** The CMS fake's default administrator (packages/mock/src/fakes/cms/auth.ts). */
export const CMS_ADMIN = { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' };

/** Collects named checks; each either passes or records its error message. */
export function createChecks(runtime) {
  const checks = [];
  const check = async (name, body) => {
    try {
      await body();
      checks.push({ name, ok: true });
    } catch (error) {
      checks.push({ name, ok: false, error: describe(error) });
    }
  };
  const result = () => {
    const failed = checks.filter((c) => !c.ok).length;
    return { runtime, passed: checks.length - failed, failed, checks };
  };
  return { check, result };
}

function describe(error) {
  // Some runtimes' stacks start with the message, some do not: print the message once, then frames.
  if (error instanceof Error) {
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    return [`${error.name}: ${error.message}`, ...frames.slice(0, 6)].join('\n');
  }
  return String(error);
}

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

/**
 * Resolves with the error when `promise` rejects with an error named like `type`. Class identity
 * (`instanceof`) is a separate check (identityChecks), so one failure does not hide the other.
 */
export async function rejectsWith(promise, type, what) {
  try {
    await promise;
  } catch (error) {
    assert(error?.name === type.name, `${what}: expected ${type.name}, got ${error?.name}: ${error?.message}`);
    return error;
  }
  throw new Error(`${what}: expected ${type.name}, but it resolved`);
}

/** A fetch that counts calls: proves bad input is refused before any request. */
function countingFetch() {
  const counter = { calls: 0 };
  counter.fetch = (...args) => {
    counter.calls++;
    return fetch(...args);
  };
  return counter;
}

/** PartnerClient: a token pair, the watchlist, history pages through the iterator, typed errors. */
export async function partnerChecks(partner, mockUrl, check, thrown = {}) {
  const client = new partner.PartnerClient({ apiKey: API_KEY, baseUrl: mockUrl });
  let pair;
  await check('partner: issues a token pair', async () => {
    pair = await client.tokens.issue({ userId: 'demo-user' });
    assert(pair instanceof partner.TokenPair, 'a TokenPair');
    assert(pair.userId === 'demo-user', 'pair for demo-user');
    assert(typeof pair.accessToken === 'string' && pair.accessToken.length > 0, 'an access token');
  });
  await check('partner: reads the watchlist', async () => {
    const watchlist = await client.user(pair).watchlist();
    assert(Array.isArray(watchlist.categories) && watchlist.categories.length > 0, 'watchlist has categories');
  });
  await check('partner: three history pages through the iterator, oldest first', async () => {
    const pages = [];
    for await (const page of client.user(pair).history.pages({ limit: 50 })) {
      pages.push(page);
      if (pages.length === 3) break;
    }
    assert(pages.length === 3 && pages.every((p) => p.items.length === 50), 'three full pages of 50');
    const cursors = new Set(pages.map((p) => p.nextCursor));
    assert(cursors.size === 3 && !cursors.has(undefined), 'three distinct next cursors');
    const times = pages.flatMap((p) => p.items.map((e) => Date.parse(e.watched_at)));
    assert(
      times.every((t, i) => i === 0 || t >= times[i - 1]),
      'entries in chronological order across pages',
    );
  });
  await check('partner: bad input is a typed error with no request sent', async () => {
    const counter = countingFetch();
    const strict = new partner.PartnerClient({ apiKey: API_KEY, baseUrl: mockUrl, fetch: counter.fetch });
    thrown.partner = await rejectsWith(strict.tokens.issue({ userId: '' }), partner.ValidationError, 'empty user id');
    await rejectsWith(
      // pages() validates when called (before the first next()): both count as "before sending".
      Promise.resolve().then(() => strict.user(pair).history.pages({ limit: 100_000 }).next()),
      partner.ValidationError,
      'history limit over 500',
    );
    assert(counter.calls === 0, `no request sent, got ${counter.calls}`);
  });
  await check('partner: the API Key stays out of serialized objects', async () => {
    assert(!JSON.stringify(client).includes(API_KEY), 'JSON.stringify(client) has no API Key');
    assert(!JSON.stringify(pair).includes(pair.accessToken), 'JSON.stringify(pair) has no access token');
  });
}

/** verifyWebhook on signed and tampered payloads, and the Web-standard receiver on a real Request. */
export async function webhookChecks(partner, check) {
  const event = partner.createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_runtime' });
  const hmac = { secret: WEBHOOK_SECRET, scheme: 'hmac-sha256' };
  await check('webhooks: verifyWebhook accepts a signed payload', async () => {
    const signed = await partner.signWebhookForTest(event, hmac);
    const verified = await partner.verifyWebhook({ body: signed.body, headers: signed.headers }, hmac);
    assert(verified.type === 'UserDataRefreshCompleted' && verified.id === event.id, 'the same event back');
  });
  await check('webhooks: verifyWebhook refuses a tampered payload', async () => {
    const signed = await partner.signWebhookForTest(event, hmac);
    const tampered = signed.body.replace('ref_runtime', 'ref_tampered');
    assert(tampered !== signed.body, 'the body was changed');
    await rejectsWith(
      partner.verifyWebhook({ body: tampered, headers: signed.headers }, hmac),
      partner.WebhookVerificationError,
      'tampered body',
    );
  });
  await check('webhooks: the Web-standard receiver answers a real Request', async () => {
    const received = [];
    const receive = partner.createWebhookHandler({
      secret: WEBHOOK_SECRET,
      on: { UserDataRefreshCompleted: (e) => received.push(e.id) },
    });
    const good = await receive(await partner.createTestWebhookRequest(event, { secret: WEBHOOK_SECRET }));
    assert(good.status === 200, `signed request: 200, got ${good.status}`);
    assert(received.length === 1 && received[0] === event.id, 'callback ran once with the event');
    const forged = await receive(await partner.createTestWebhookRequest(event, { secret: 'not-the-secret' }));
    assert(forged.status === 401, `wrong secret: 401, got ${forged.status}`);
    assert(received.length === 1, 'callback not run for the forged request');
  });
}

/** POSTs JSON to one of the mock's `/__mock/` set-up routes; resolves with the parsed answer. */
async function mockControl(mockUrl, path, body) {
  const response = await fetch(`${mockUrl}/__mock/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /__mock/${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A data file the mock posts (gzip NDJSON), read through `client.files.read` with its checkpoint. */
export async function dataFileChecks(partner, mockUrl, check) {
  await check('partner: reads a posted gzip data file (every record, checkpoint at the end)', async () => {
    const event = await mockControl(mockUrl, 'users/demo-user/files', { type: 'initial', records: 1500 });
    assert(event.file?.compression === 'gzip', `a gzip file, got ${event.file?.compression}`);
    const client = new partner.PartnerClient({ apiKey: API_KEY, baseUrl: mockUrl });
    const reader = client.files.read(event);
    const kinds = new Set();
    let count = 0;
    for await (const record of reader) {
      count++;
      kinds.add(record.kind);
    }
    assert(count === 1500, `1500 records, got ${count}`);
    assert(kinds.has('history_entry'), `history entries among the kinds ${[...kinds]}`);
    assert(reader.checkpoint.records === 1500 && reader.checkpoint.fileId === event.file.id, 'the final checkpoint');
  });
}

/**
 * `@viewlink/otel` on an OpenTelemetry SDK provider (in-memory exporter): a partner read retried
 * after a 503 nests its attempts and retry under its request span (the instrumentation's
 * AsyncLocalStorage bound to the channels, which each runtime implements on its own), the failed
 * attempt is an ERROR client span, a receiver's delivery is a verify span, and no span holds the
 * API Key or the access token.
 */
export async function otelChecks({ otel, sdk, partner, mockUrl, check }) {
  const exporter = new sdk.InMemorySpanExporter();
  const provider = new sdk.BasicTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
  const instrumentation = otel.instrumentViewlink({ tracerProvider: provider });
  const client = new partner.PartnerClient({ apiKey: API_KEY, baseUrl: mockUrl, retry: { baseDelayMs: 5 } });
  const user = client.user('demo-user');
  let accessToken;
  try {
    await check('otel: a retried read is one request span holding its attempts and the retry', async () => {
      accessToken = (await user.tokenPair()).accessToken;
      exporter.reset();
      await mockControl(mockUrl, 'faults', { route: 'GET /v1/user/watchlist', times: 1, status: 503 });
      await user.watchlist();
      const spans = exporter.getFinishedSpans();
      const request = spans.filter((s) => s.name === 'partner GET /v1/user/watchlist');
      assert(request.length === 1, `one request span, got ${spans.map((s) => s.name).join(', ')}`);
      const requestId = request[0].spanContext().spanId;
      const attempts = spans.filter((s) => s.name === 'GET /v1/user/watchlist');
      const retries = spans.filter((s) => s.name === 'viewlink.retry');
      assert(
        attempts.length === 2 && retries.length === 1,
        `two attempts and a retry, got ${spans.map((s) => s.name)}`,
      );
      for (const child of [...attempts, ...retries])
        assert(child.parentSpanContext?.spanId === requestId, `${child.name} is a child of the request span`);
      const outcome = attempts.map((s) => `${s.attributes['http.response.status_code']} ${s.status.code}`);
      assert(outcome.join(',') === '503 2,200 0', `attempts 503 (ERROR), 200 (UNSET), got ${outcome}`);
      assert(request[0].attributes['viewlink.retry_count'] === 1, 'viewlink.retry_count 1');
    });
    await check('otel: a webhook receiver delivery is a viewlink.webhook.verify span', async () => {
      exporter.reset();
      const event = partner.createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_otel' });
      const receive = partner.createWebhookHandler({ secret: WEBHOOK_SECRET, on: {} });
      const response = await receive(await partner.createTestWebhookRequest(event, { secret: WEBHOOK_SECRET }));
      assert(response.status === 200, `200, got ${response.status}`);
      const spans = exporter.getFinishedSpans().filter((s) => s.name === 'viewlink.webhook.verify');
      assert(spans.length === 1, `one verify span, got ${spans.length}`);
      const type = spans[0].attributes['viewlink.webhook.event_type'];
      assert(type === 'UserDataRefreshCompleted', `the event type, got ${type}`);
    });
    await check('otel: no span holds the API Key, the access token or the webhook secret', async () => {
      const text = JSON.stringify(exporter.getFinishedSpans().map((s) => [s.name, s.attributes, s.events, s.status]));
      for (const secret of [API_KEY, accessToken, WEBHOOK_SECRET])
        assert(secret && !text.includes(secret), 'a secret in a span');
    });
  } finally {
    instrumentation.disable();
  }
}

/** CmsClient: create a post, list posts, a small batch, a typed error, against the CMS fake. */
export async function cmsChecks(cms, siteUrl, check, thrown = {}) {
  const tag = `rt-${Math.random().toString(16).slice(2, 10)}`;
  const client = new cms.CmsClient({ baseUrl: siteUrl, restRoot: `${siteUrl}/wp-json/`, auth: CMS_ADMIN });
  let created;
  await check('cms: creates a post', async () => {
    created = await client.posts.create({ title: `${tag} single`, content: '<p>runtime</p>', status: 'publish' });
    assert(Number.isInteger(created.id) && created.id > 0, 'an id');
  });
  await check('cms: runs a small batch', async () => {
    const result = await client
      .batch()
      .posts.create({ title: `${tag} batch 1`, status: 'publish' })
      .posts.create({ title: `${tag} batch 2`, status: 'publish' })
      .posts.update(created.id, { excerpt: 'updated in a batch' })
      .run();
    assert(result.outcomes.length === 3, `three outcomes, got ${result.outcomes.length}`);
    const failed = result.outcomes.filter((o) => !o.ok);
    assert(failed.length === 0, `every operation ok, failed: ${JSON.stringify(failed)}`);
  });
  await check('cms: lists posts (first page, then the search)', async () => {
    const page = await client.posts.list({ per_page: 10 });
    assert(page.items.length > 0 && page.total >= 3, `posts listed, total ${page.total}`);
    const ours = await client.posts.list({ search: tag, per_page: 10 });
    assert(ours.items.length === 3, `3 posts of this run found, got ${ours.items.length}`);
  });
  // Every route group but posts loads through import() on first use (the built ESM's modules, the CJS require).
  await check('cms: loads a route group on first use (pages, the site index)', async () => {
    const pages = await client.pages.list({ per_page: 1 });
    assert(Array.isArray(pages.items), 'pages listed');
    const index = await client.site.index();
    assert(typeof index === 'object' && index !== null, 'site index read');
  });
  await check('cms: bad input is a typed error with no request sent', async () => {
    const counter = countingFetch();
    const strict = new cms.CmsClient({ baseUrl: siteUrl, restRoot: `${siteUrl}/wp-json/`, fetch: counter.fetch });
    thrown.cms = await rejectsWith(
      Promise.resolve().then(() => strict.posts.list({ per_page: 500 })),
      cms.ValidationError,
      'per_page 500',
    );
    assert(counter.calls === 0, `no request sent, got ${counter.calls}`);
  });
}

/**
 * `catch (e) { if (e instanceof ValidationError) }` with the class a package exports, and one
 * `instanceof ViewlinkError` for every Viewlink package (docs/web.md promises both).
 */
export async function identityChecks(packages, thrown, check) {
  await check('errors: a thrown error is an instance of the class its package exports', async () => {
    // Every package must have thrown: a missing one would pass both checks without being checked.
    for (const name of Object.keys(packages)) {
      const error = thrown[name];
      assert(error !== undefined, `${name}: an error was thrown`);
      assert(error instanceof packages[name].ValidationError, `${name}: error instanceof ${name}.ValidationError`);
    }
  });
  await check('errors: one ViewlinkError class across the packages', async () => {
    for (const name of Object.keys(packages))
      for (const [other, mod] of Object.entries(packages))
        assert(
          thrown[name] instanceof mod.ViewlinkError,
          `${name}'s ValidationError instanceof ${other}.ViewlinkError`,
        );
  });
}

/** Everything a server runtime runs: Partner client, data files, webhooks, OpenTelemetry, CMS client. */
export async function runServerScenario({ runtime, partner, cms, otel, otelSdk, mockUrl }) {
  const { check, result } = createChecks(runtime);
  const thrown = {};
  await partnerChecks(partner, mockUrl, check, thrown);
  await dataFileChecks(partner, mockUrl, check);
  await webhookChecks(partner, check);
  await otelChecks({ otel, sdk: otelSdk, partner, mockUrl, check });
  await cmsChecks(cms, mockUrl, check, thrown);
  await identityChecks({ partner, cms }, thrown, check);
  return result();
}

/** The line every runtime prints; the orchestrator looks for this prefix. */
export const RESULT_PREFIX = 'RUNTIME_RESULT ';
