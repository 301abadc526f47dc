#!/usr/bin/env node
// Gate: every operation of both OpenAPI documents fuzzed against `viewlink-mock` through
// Prism's validating proxy (127.0.0.1 only, bounded: a fixed seed, a few requests per operation).
// - Valid requests (json-schema-faker samples of the parameters and body, right credentials) go
//   through `prism proxy --errors`: a request Prism judges invalid or a response that breaks the
//   document comes back as Prism's own error, and fails the gate.
// - Invalid requests (no credentials, a null or mistyped body, a mistyped query parameter) go
//   through a forwarding proxy (no `--errors`) so the mock answers them; Prism reports in
//   `sl-violations`, where only request violations may appear.
// - Input no client library sends (TRACE, malformed percent-encoding) goes to the mock directly.
// Every answer must be below 500 (WordPress's documented 501 `rest_trash_not_supported` aside,
// docs/decisions/openapi.md), carry an `x-request-id`, and errors the API's envelope.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startMock } from './mock.mjs';
import { documents, ensureTools, root, tool } from './tools.mjs';

ensureTools();
const { JSONSchemaFaker: jsf } = await import(pathToFileURL(tool('json-schema-faker', 'dist/main.mjs')).href);
const SAMPLES = Number(process.env.FUZZ_SAMPLES ?? 3);
const ADMIN = `Basic ${Buffer.from('admin:fake admin appl pass word xxxx').toString('base64')}`;
const API_KEY = 'Bearer vl_test_api_key';

/** A seeded generator, so a failure reproduces. */
function seeded(seed) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}
jsf.option({
  alwaysFakeOptionals: false,
  optionalsProbability: 0.3,
  fixedProbabilities: true,
  useDefaultValue: false,
  failOnInvalidTypes: false,
  maxItems: 2,
  random: seeded(23),
});

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `prism proxy` for a document; resolves once it listens. */
async function startPrism(file, upstream, errors) {
  const port = await freePort();
  const args = [tool('@stoplight/prism-cli', 'dist/index.js'), 'proxy', file, upstream, '--host', '127.0.0.1'];
  const child = spawn(process.execPath, [...args, '--port', String(port), ...(errors ? ['--errors'] : [])], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start in 120 s:\n${log.slice(-2000)}`)), 120_000);
    const onData = (chunk) => {
      log += chunk;
      if (/Prism is listening/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}):\n${log.slice(-2000)}`)));
  });
  child.removeAllListeners('exit');
  // Keep draining its log, or it blocks on a full pipe.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** One HTTP request (any method, the path as written); never throws on a status. */
function send(base, method, path, headers = {}, body) {
  if (process.env.FUZZ_DEBUG) console.log(method, path, body === undefined ? '' : String(body).slice(0, 2000));
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, { method, headers: { ...headers, ...length } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.from(`no answer: ${error.message}`) }));
    req.end(body);
  });
}

const load = (file) => JSON.parse(readFileSync(join(root, file), 'utf8').split('\n').slice(1).join('\n'));

function resolve(doc, schema) {
  let current = schema;
  while (current && typeof current.$ref === 'string') {
    current = doc.components.schemas[current.$ref.split('/').pop()];
  }
  return current ?? {};
}

/** `schema` with its `$ref`s replaced by the components (`{}` below a depth, for recursive ones). */
function inlined(doc, schema, depth = 0) {
  if (Array.isArray(schema)) return schema.map((item) => inlined(doc, item, depth));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    if (depth > 8) return {};
    const { $ref, ...rest } = schema;
    return { ...inlined(doc, resolve(doc, { $ref }), depth + 1), ...rest };
  }
  const out = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(doc, value, depth)]));
  // json-schema-faker may give an integer the value of a numeric exclusive bound: say it as an inclusive one.
  if (out.type === 'integer' && typeof out.exclusiveMinimum === 'number') {
    out.minimum = Math.floor(out.exclusiveMinimum) + 1;
    delete out.exclusiveMinimum;
  }
  if (out.type === 'integer' && typeof out.exclusiveMaximum === 'number') {
    out.maximum = Math.ceil(out.exclusiveMaximum) - 1;
    delete out.exclusiveMaximum;
  }
  return out;
}

/** A sample of `schema` (refs resolved against the document's components). */
function sample(doc, schema) {
  // `true` (any value) as a parameter schema: a plain word will do.
  if (typeof schema !== 'object') return 'fuzz';
  return jsf.generate(inlined(doc, schema));
}

/** Known-good values for path parameters, so valid requests reach existing records too. */
function pathValue(name, schema, ids, i) {
  if (name === 'template_id') return 'twentytwentyfour//home';
  if (name === 'file_id') return ids.fileId;
  const type = schema.type;
  if (type === 'integer' || type === 'number') return ids.records[i % ids.records.length];
  return undefined;
}

/** A path segment as clients encode it: a template id's `//` becomes `%2F%2F`. */
function encodeSegment(value) {
  return encodeURIComponent(String(value));
}

/** Query string of sampled parameters, serialised as the document says (form lists, deepObject objects). */
function queryString(params, values) {
  const parts = [];
  for (const p of params) {
    if (!(p.name in values)) continue;
    const value = values[p.name];
    if (p.style === 'deepObject' && value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        for (const v of [item].flat())
          parts.push(`${encodeURIComponent(`${p.name}[${key}]`)}=${encodeURIComponent(String(v))}`);
      }
    } else if (Array.isArray(value)) {
      parts.push(`${encodeURIComponent(p.name)}=${value.map((v) => encodeURIComponent(String(v))).join(',')}`);
    } else parts.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The credential header an operation's security asks for, or undefined for public operations. */
function credential(op, tokens) {
  const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('apiKey')) return API_KEY;
  if (schemes.includes('accessToken')) return `Bearer ${tokens.access}`;
  if (schemes.includes('applicationPassword')) return ADMIN;
  return undefined;
}

/** Builds a valid request for an operation (sample `i`). */
function validRequest(doc, path, method, op, ids, tokens, i) {
  const params = op.parameters ?? [];
  let url = path;
  const query = {};
  const headers = {};
  for (const p of params) {
    const schema = resolve(doc, p.schema);
    if (p.in === 'path') {
      const value = pathValue(p.name, schema, ids, i) ?? sample(doc, p.schema);
      url = url.replace(`{${p.name}}`, encodeSegment(value));
    } else if (p.in === 'query' && (p.required || i > 0) && (p.required || (i + p.name.length) % 3 === 0)) {
      // A comma list carries the list form of a parameter that also takes an object (`tax[terms]=`).
      const list =
        p.style === 'form' ? schema.anyOf?.find((option) => resolve(doc, option).type === 'array') : undefined;
      query[p.name] = sample(doc, list ?? p.schema);
    } else if (p.in === 'header' && p.required) headers[p.name] = 'attachment; filename="fuzz.png"';
  }
  url += queryString(params, query);
  const auth = credential(op, tokens);
  if (auth) headers.authorization = auth;
  let body;
  const json = op.requestBody?.content?.['application/json'];
  if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sample(doc, json.schema));
  } else if (op.requestBody) {
    headers['content-type'] = 'image/png';
    body = Buffer.from('89504e470d0a1a0a', 'hex');
  }
  return { method: method.toUpperCase(), url, headers, body };
}

/** Invalid variants of a valid request: each breaks one rule of the document. */
function invalidRequests(doc, op, valid) {
  const out = [];
  const secured = (op.security ?? []).length > 0 && !(op.security ?? []).some((r) => Object.keys(r).length === 0);
  if (secured) {
    const { authorization: _dropped, ...headers } = valid.headers;
    out.push({ ...valid, headers, why: 'no credentials' });
  }
  if (op.requestBody?.content?.['application/json']) out.push({ ...valid, body: '"text"', why: 'a string body' });
  const numeric = (op.parameters ?? []).find(
    (p) => p.in === 'query' && ['integer', 'number'].includes(resolve(doc, p.schema).type),
  );
  if (numeric) {
    const sep = valid.url.includes('?') ? '&' : '?';
    out.push({ ...valid, url: `${valid.url}${sep}${numeric.name}=not-a-number`, why: `a mistyped ${numeric.name}` });
  }
  return out;
}

/** Parses Prism's `sl-violations` header. */
function violations(response) {
  const header = response.headers['sl-violations'];
  if (!header) return [];
  try {
    return JSON.parse(String(header));
  } catch {
    return [{ location: ['unknown'], message: String(header) }];
  }
}

function envelopeOk(api, response) {
  if (response.status < 400) return true;
  try {
    const body = JSON.parse(response.body.toString('utf8'));
    return api === 'partner'
      ? typeof body?.error?.code === 'string'
      : typeof body?.code === 'string' && typeof body?.data?.status === 'number';
  } catch {
    return false;
  }
}

/** 5xx other than WordPress's documented 501 for trashing what cannot be trashed. */
function serverError(response) {
  if (response.status === 0) return true;
  if (response.status < 500) return false;
  if (response.status === 501 && response.body.toString('utf8').includes('rest_trash_not_supported')) return false;
  return true;
}

const failures = [];
const counts = { valid: 0, invalid: 0, direct: 0, operations: 0 };
const fail = (api, what, req, response, detail) =>
  failures.push(
    `${api} ${req.method} ${req.url} (${what}): ${response ? `${response.status} ` : ''}${detail}${
      response ? ` ${response.body.toString('utf8').slice(0, Number(process.env.FUZZ_BODY ?? 600))}` : ''
    }`,
  );

const started = Date.now();
const mock = await startMock();
const proxies = [];
try {
  // Records for the valid requests to find: a post, a page, a block and a menu item (ids 1 to 4).
  for (const kind of ['posts', 'pages', 'blocks', 'menu-items']) {
    const made = await send(
      mock.url,
      'POST',
      `/wp-json/cms/v2/${kind}`,
      { authorization: ADMIN, 'content-type': 'application/json' },
      JSON.stringify({ title: `Fuzz ${kind}`, status: 'publish' }),
    );
    if (made.status !== 201) throw new Error(`seeding ${kind} failed: ${made.status} ${made.body}`);
  }
  const pair = await send(
    mock.url,
    'POST',
    '/v1/auth/token',
    { authorization: API_KEY, 'content-type': 'application/json' },
    JSON.stringify({ user_id: 'user-123' }),
  );
  const tokens = { access: JSON.parse(pair.body.toString('utf8')).access_token };
  const file = await send(
    mock.url,
    'POST',
    '/__mock/users/user-123/files',
    { 'content-type': 'application/json' },
    JSON.stringify({ type: 'initial', records: 3 }),
  );
  const fileEvent = JSON.parse(file.body.toString('utf8'));
  const ids = { records: [1, 2, 3, 4], fileId: fileEvent?.data?.file?.id ?? fileEvent?.file?.id ?? 'missing' };

  // Every proxy starts at once (Prism's start-up is most of the gate's time).
  const chosen = documents.filter(({ name }) => !process.env.FUZZ_ONLY || process.env.FUZZ_ONLY === name);
  const launching = chosen.map(({ file: docFile, basePath }) => {
    const upstream = `${mock.url}${basePath}`;
    // Each proxy is stopped in `finally` once it runs, even when its sibling failed to start.
    const start = async (errors) => {
      const proxy = await startPrism(docFile, upstream, errors);
      proxies.push(proxy);
      return proxy;
    };
    return Promise.all([start(true), start(false)]);
  });
  for (const [index, { name, file: docFile, basePath }] of chosen.entries()) {
    const doc = load(docFile);
    const [strict, forwarding] = await launching[index];
    // Deletions last, so the other operations still find the records.
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    for (const { path, method, op } of operations) {
      counts.operations++;
      for (let i = 0; i < SAMPLES; i++) {
        const req = validRequest(doc, path, method, op, ids, tokens, i);
        const res = await send(strict.url, req.method, req.url, req.headers, req.body);
        counts.valid++;
        const type = String(res.headers['content-type'] ?? '');
        if (type.includes('application/problem+json'))
          fail(name, 'valid request', req, res, 'Prism refused the request or the response');
        else if (serverError(res)) fail(name, 'valid request', req, res, 'server error');
        else if (!res.headers['x-request-id']) fail(name, 'valid request', req, res, 'no x-request-id');
        else if (!envelopeOk(name, res)) fail(name, 'valid request', req, res, 'error without the envelope');
        if (i === 0) {
          for (const bad of invalidRequests(doc, op, req)) {
            const answer = await send(forwarding.url, bad.method, bad.url, bad.headers, bad.body);
            counts.invalid++;
            const found = violations(answer);
            const responseViolations = found.filter((v) => v.location?.[0] === 'response');
            if (responseViolations.length)
              fail(name, bad.why, bad, answer, `response violates the document: ${JSON.stringify(responseViolations)}`);
            else if (serverError(answer)) fail(name, bad.why, bad, answer, 'server error');
            else if (answer.status < 400) fail(name, bad.why, bad, answer, 'accepted an invalid request');
            else if (!answer.headers['x-request-id']) fail(name, bad.why, bad, answer, 'no x-request-id');
            else if (!envelopeOk(name, answer)) fail(name, bad.why, bad, answer, 'error without the envelope');
          }
          // What no generated client sends, straight to the mock (Prism drops a null body, and hangs
          // on a PATCH with one): TRACE, broken percent-encoding, a `null` JSON body.
          const direct = [
            { ...req, method: 'TRACE', body: undefined, url: `${basePath}${req.url}`, why: 'TRACE', expect: 405 },
            {
              ...req,
              url: `${basePath}${path.replace(/\{[^}]+\}/, '%E0%A4%A').replace(/\{([^}]+)\}/g, '1')}`,
              why: 'malformed percent-encoding',
              expect: path.includes('{') ? 400 : undefined,
            },
            // The Partner API refuses it; WordPress reads it as no body (so does the CMS fake).
            ...(op.requestBody?.content?.['application/json']
              ? [
                  {
                    ...req,
                    url: `${basePath}${req.url}`,
                    body: 'null',
                    why: 'a null body',
                    expect: name === 'partner' ? 400 : 'any',
                  },
                ]
              : []),
          ];
          for (const odd of direct) {
            if (odd.expect === undefined) continue;
            const answer = await send(mock.url, odd.method, odd.url, odd.headers, odd.body);
            counts.direct++;
            if (serverError(answer)) fail(name, odd.why, odd, answer, 'server error');
            else if (odd.expect !== 'any' && answer.status !== odd.expect)
              fail(name, odd.why, odd, answer, `expected ${odd.expect}`);
            else if (!answer.headers['x-request-id']) fail(name, odd.why, odd, answer, 'no x-request-id');
            else if (!envelopeOk(name, answer)) fail(name, odd.why, odd, answer, 'error without the envelope');
            else if (odd.expect === 405 && !answer.headers.allow) fail(name, odd.why, odd, answer, 'no Allow header');
          }
        }
      }
    }
  }
} finally {
  await Promise.all(proxies.map((p) => p.stop()));
  await mock.stop();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `fuzzed ${counts.operations} operations: ${counts.valid} valid requests through prism --errors, ${counts.invalid} invalid ones through the forwarding proxy, ${counts.direct} straight to the mock (${seconds}s)`,
);
if (failures.length) {
  console.error(`${failures.length} failures:`);
  for (const line of failures.slice(0, 60)) console.error(`  ${line}`);
  if (failures.length > 60) console.error(`  ... and ${failures.length - 60} more`);
  process.exit(1);
}
console.log('0 request or response violations, 0 server errors');
