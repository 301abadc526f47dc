#!/usr/bin/env node
// The Hermes gate (issue 20): @viewlink/web's built package (and @viewlink/react's modules with
// TanStack Query, and @viewlink/cms's PostsClient and CmsClient), resolved as Metro resolves it, lowered
// by React Native's Babel preset, run on the Hermes VM (npm `hermes-engine-cli`) with only what
// React Native provides (./react-native-globals.js) against the mock's recorded answers.
// Two bundles: Metro with package exports (the `react-native` condition) and without (the
// `react-native`/`browser`/`main` fields). `--no-build` skips building the packages it needs.
// Fails loudly on anything missing; docs/getting-started/react-native.md describes the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformAsync } from '@babel/core';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const work = join(root, '.tmp', 'hermes');
const require = createRequire(import.meta.url);
const fail = (message) => {
  console.error(`hermes gate: ${message}`);
  process.exit(1);
};
const run = (cmd, args, options = {}) => {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) fail(`${cmd} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
};

// 1. The packages, built (the gate runs on what npm would ship).
const needed = ['schemas', 'transport', 'web', 'react', 'cms', 'mock'];
if (!process.argv.includes('--no-build'))
  run('pnpm', [...needed.flatMap((name) => ['--filter', `@viewlink/${name}`]), 'run', 'build'], { stdio: 'inherit' });
for (const name of needed)
  if (!existsSync(join(root, 'packages', name, 'dist'))) fail(`packages/${name}/dist is missing: run pnpm build`);

// 2. React Native's own sources for URL and AbortController: the react-native package of the same
// version as the Babel preset (devDependencies), unpacked once into .tmp (its dependencies are not needed).
const presetVersion = require('@react-native/babel-preset/package.json').version;
const reactNative = join(work, `react-native-${presetVersion}`);
if (!existsSync(join(reactNative, 'package.json'))) {
  mkdirSync(work, { recursive: true });
  const packed = run('npm', ['pack', `react-native@${presetVersion}`, '--pack-destination', work, '--silent'])
    .trim()
    .split('\n')
    .pop();
  mkdirSync(reactNative, { recursive: true });
  run('tar', ['xzf', join(work, packed), '-C', reactNative, '--strip-components=1']);
  rmSync(join(work, packed));
}
const hermes = join(dirname(require.resolve('hermes-engine-cli/package.json')), 'linux64-bin', 'hermes');
if (!existsSync(hermes)) fail(`no hermes binary at ${hermes} (npm package hermes-engine-cli)`);

// 3. The mock's answers to the requests the scenario sends, recorded in process.
const { createMockService } = await import(pathToFileURL(join(root, 'packages/mock/dist/index.js')).href);
const mock = createMockService();
const ask = async (method, path, token, body) => {
  const response = await mock.handle(
    new Request(`http://127.0.0.1:4010${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
};
const issued = await ask('POST', '/v1/auth/token', 'vl_test_api_key', { user_id: 'demo-user' });
if (issued.status !== 200) fail(`the mock issued no token pair: ${issued.status} ${issued.body}`);
const pair = JSON.parse(issued.body);
const revoked = { ...pair, access_token: 'vl_at_revoked_by_the_service' };
const answers = {};
const record = async (method, path, token, body) => {
  const answer = await ask(method, path, token, body);
  answers[`${method} ${path} Bearer ${token}`] = answer;
  return answer;
};
await record('GET', '/v1/user/watchlist', pair.access_token);
const accounts = JSON.parse((await record('GET', '/v1/user/accounts', pair.access_token)).body).accounts;
await record('POST', '/v1/user/refresh', pair.access_token, {});
// The service list is public: answered whatever token comes with it (a revoked one too).
await record('GET', '/v1/services', pair.access_token);
await record('GET', '/v1/services', revoked.access_token);
for (const path of ['/v1/user/watchlist', '/v1/user/accounts'])
  if ((await record('GET', path, revoked.access_token)).status !== 401)
    fail(`the mock accepted a revoked token on ${path}`);
// Last of the partner calls: it unlinks the account in the mock (the answers above were recorded before).
const linked = accounts.find((account) => account.status !== 'disconnected');
await record('POST', `/v1/user/accounts/${linked.id}/disconnect`, pair.access_token, { keep_data: true });
const fixture = {
  pair,
  disconnect: { service: linked.service, path: `/v1/user/accounts/${linked.id}/disconnect` },
  revoked,
  accounts: accounts.length,
  broken: accounts.filter((a) => a.status === 'broken').map((a) => a.service),
};
if (fixture.broken.length === 0) fail('demo-user has no broken account in the mock');

// The CMS reads of the scenario, sent once by the Node build of @viewlink/cms against the mock's
// CMS (posts seeded with an editor's password) and recorded under the URL it sends: the Hermes run
// sends the same URLs (no credentials: the key ends in a space). How the answers arrive varies on
// purpose: a list without content-length (chunked, as WordPress sends a large list), reads with it.
const editor = `Basic ${btoa('admin:fake admin appl pass word xxxx')}`;
const utf8Title = 'Grüße aus Köln: 日本語 und 🎬';
for (const post of [
  { title: utf8Title, slug: 'gruesse', content: '<p>Ça marche — ünïcödé ✓ 🎬</p>', status: 'publish' },
  { title: 'Second post', slug: 'second', content: '<p>Plain</p>', status: 'publish' },
  { type: 'pages', title: 'Über uns', slug: 'about', content: '<p>Wir streamen.</p>', status: 'publish' },
]) {
  const { type = 'posts', ...fields } = post;
  const created = await mock.handle(
    new Request(`http://127.0.0.1:4010/wp-json/cms/v2/${type}`, {
      method: 'POST',
      headers: { authorization: editor, 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    }),
  );
  if (created.status !== 201) fail(`the mock's CMS created no post: ${created.status} ${await created.text()}`);
}
const { PostsClient, CmsClient } = await import(pathToFileURL(join(root, 'packages/cms/dist/index.js')).href);
const recordingFetch = async (url, init) => {
  const response = await mock.handle(new Request(url, init));
  const body = await response.text();
  const headers = Object.fromEntries(response.headers);
  const path = new URL(url).pathname + new URL(url).search;
  if (path.startsWith('/wp-json/cms/v2/posts?') && !path.includes('slug=')) {
    delete headers['content-length'];
    headers['transfer-encoding'] = 'chunked';
  } else headers['content-length'] = String(Buffer.byteLength(body));
  // Keyed by the credential sent too (none: the key ends in a space), as the Hermes run's XMLHttpRequest looks it up.
  const authorization = new Headers(init.headers).get('authorization') ?? '';
  answers[`${init.method ?? 'GET'} ${path} ${authorization}`] = { status: response.status, headers, body };
  return new Response(body, { status: response.status, headers: response.headers });
};
const cmsOptions = {
  baseUrl: 'http://127.0.0.1:4010',
  restRoot: 'http://127.0.0.1:4010/wp-json',
  fetch: recordingFetch,
};
const posts = new PostsClient(cmsOptions);
const cmsFixture = { utf8Title, listed: (await posts.list()).items.length };
await posts.list({ slug: ['gruesse'], _embed: true });
const missing = await posts.get(999_999).catch((error) => error);
if (missing?.status !== 404) fail(`the mock's CMS answered a missing post with ${missing?.status}`);
const cms = new CmsClient(cmsOptions);
await cms.posts.list({ per_page: 1 });
// The route groups CmsClient loads on first use: pages, media (anonymous: public media), menu items (WordPress wants a user).
await cms.pages.list();
await cms.media.list();
if ((await cms.menuItems.list().catch((error) => error))?.status !== 401)
  fail("the mock's CMS showed menu items to an anonymous reader");
for await (const post of posts.list({ per_page: 1 })) if (typeof post.id !== 'number') fail('a post without id');
// Pages beyond the basics: page at a time, and all() (pages 2..n by number, two at a time).
for await (const page of posts.list({ per_page: 1 }).pages()) if (page.items.length !== 1) fail('a page of one');
await posts.list({ per_page: 1 }).all({ concurrency: 2 });
// An editor with an application password (HTTP Basic; 127.0.0.1 is loopback, so plain http is
// allowed): the menu items WordPress shows a user only, and a media upload from bytes.
const editorAuth = { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' };
const signedIn = new CmsClient({ ...cmsOptions, auth: editorAuth });
await signedIn.menuItems.list();
const poster = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff];
const uploaded = await signedIn.media.upload(new Uint8Array(poster), { filename: 'poster.png' });
cmsFixture.editor = { auth: editorAuth, header: editor, poster, uploadedId: uploaded.id };
// The transport's own calls (what a client built on it sends): a read asked for as an unread body.
const { Transport } = await import(pathToFileURL(join(root, 'packages/transport/dist/index.js')).href);
const transport = new Transport({ baseUrl: 'http://127.0.0.1:4010/wp-json', fetch: recordingFetch, retry: false });
const streamed = await transport.request({ method: 'GET', path: '/cms/v2/pages?slug=about', responseType: 'stream' });
cmsFixture.streamed = { path: '/cms/v2/pages?slug=about', text: await new Response(streamed.body).text() };
// An oversized answer: its announced length is refused before the body is read.
answers['GET /wp-json/cms/v2/posts/2 '] = {
  ...answers['GET /wp-json/cms/v2/posts/999999 '],
  status: 200,
  headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024 + 1) },
  body: '{}',
};

// 4. An app folder with @viewlink/web, @viewlink/react and @viewlink/cms installed (links to the workspace
// packages, as pnpm links them); React and TanStack Query come from the workspace's node_modules.
const app = join(work, 'app');
const installed = join(app, 'node_modules', '@viewlink', 'web');
for (const name of ['web', 'react', 'cms', 'transport']) {
  const link = join(app, 'node_modules', '@viewlink', name);
  if (existsSync(link)) continue;
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(join(root, 'packages', name), link, 'dir');
}

const babelOptions = (filename) => ({
  filename,
  babelrc: false,
  configFile: false,
  // Helpers inlined (an app's Metro build has @babel/runtime, this bundle does not). The
  // `default` profile, for engines before Hermes V1 (as Hermes 0.12): classes, private fields
  // and generators are lowered; the `hermes-*` profiles keep them.
  presets: [
    [
      require.resolve('@react-native/babel-preset'),
      { enableBabelRuntime: false, unstable_transformProfile: 'default' },
    ],
  ],
});
// React Native's sources are Flow: stripped by its own preset before esbuild reads them; the
// native Blob module (blob: URLs) and feature flags are stubbed, as no native side exists here.
const reactNativeSources = {
  name: 'react-native-sources',
  setup(b) {
    b.onResolve({ filter: /^react-native\// }, (args) => ({
      path: resolveFile(join(reactNative, args.path.slice('react-native/'.length))),
    }));
    b.onResolve({ filter: /NativeBlobModule$|featureflags\/ReactNativeFeatureFlags$|^invariant$/ }, (args) => ({
      path: args.path,
      namespace: 'stub',
    }));
    b.onLoad({ filter: /NativeBlobModule$/, namespace: 'stub' }, () => ({ contents: 'export default null;' }));
    // React Native's dependency `invariant` (its Blob's native side asserts with it), as it behaves.
    b.onLoad({ filter: /^invariant$/, namespace: 'stub' }, () => ({
      contents: 'module.exports = (condition, message) => { if (!condition) throw new Error(message); };',
    }));
    b.onLoad({ filter: /ReactNativeFeatureFlags$/, namespace: 'stub' }, () => ({
      contents: 'export const enableNativeEventTargetEventDispatching = () => false;',
    }));
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!args.path.startsWith(reactNative)) return undefined;
      const out = await transformAsync(readFileSync(args.path, 'utf8'), babelOptions(args.path));
      return { contents: out.code, loader: 'js' };
    });
  },
};

const isFile = (path) => existsSync(path) && statSync(path).isFile();
/** A file as Metro finds it: the path itself, or with a source extension. */
function resolveFile(path) {
  for (const candidate of [path, `${path}.js`, `${path}.cjs`, `${path}.json`]) if (isFile(candidate)) return candidate;
  return undefined;
}
/** A directory as Metro finds it without exports: its package.json's `react-native`, `browser`, `main`, else index.js. */
function resolveDirectory(dir) {
  const manifest = join(dir, 'package.json');
  if (isFile(manifest)) {
    const fields = JSON.parse(readFileSync(manifest, 'utf8'));
    const entry = [fields['react-native'], fields.browser, fields.main].find((f) => typeof f === 'string');
    if (entry) return resolveFile(join(dir, entry)) ?? resolveFile(join(dir, entry, 'index'));
  }
  return resolveFile(join(dir, 'index'));
}
// Metro with `unstable_enablePackageExports: false`: bare specifiers by node_modules lookup and
// the fields above; `exports` is never read (so a subpath needs a real file or folder).
const metroWithoutExports = {
  name: 'metro-without-exports',
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[a-z][^/]*(\/.*)?$/ }, (args) => {
      if (args.path.startsWith('react-native/') || args.path === 'viewlink-web-cjs') return undefined;
      const [, scope = '', rest] = /^(@[^/]+\/)?(.*)$/.exec(args.path);
      const [name, ...sub] = rest.split('/');
      const dirs = [];
      for (let d = args.resolveDir; d !== dirname(d); d = dirname(d)) dirs.push(join(d, 'node_modules'));
      dirs.push(join(app, 'node_modules'));
      for (const modules of dirs) {
        const pkg = join(modules, scope, name);
        if (!existsSync(pkg)) continue;
        const target = sub.length ? join(pkg, ...sub) : pkg;
        const found = (sub.length && resolveFile(target)) || (existsSync(target) && resolveDirectory(target));
        if (found) return { path: found };
        return { errors: [{ text: `Metro (exports off) cannot resolve ${args.path} in ${pkg}` }] };
      }
      return { errors: [{ text: `Metro (exports off) finds no package for ${args.path}` }] };
    });
  },
};

const modes = [
  // Metro's default since React Native 0.79: exports read with the `react-native` condition;
  // `import` gets the ESM build, `require` the CJS build (two copies of the error classes).
  { name: 'metro-exports', plugins: [reactNativeSources], twoCopies: true },
  { name: 'metro-no-exports', plugins: [reactNativeSources, metroWithoutExports], twoCopies: false },
];
let failures = 0;
for (const mode of modes) {
  const bundled = await build({
    stdin: {
      contents: `import ${JSON.stringify(join(here, 'react-native-globals.js'))};\nimport ${JSON.stringify(join(here, 'scenario.js'))};`,
      resolveDir: app,
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    conditions: ['react-native'],
    mainFields: ['react-native', 'browser', 'main'],
    nodePaths: [join(app, 'node_modules'), join(root, 'node_modules')],
    target: 'es2022',
    logLevel: 'silent',
    // No tsconfig: the root one maps @viewlink/* to the TypeScript sources (`paths`), which esbuild
    // followed from scenario.js, so the exports mode ran the sources, not what npm ships.
    tsconfigRaw: {},
    metafile: true,
    // Strict, as Metro's Babel makes every ES module (an assignment to a getter-only property,
    // such as React Native's URL parts, throws there; sloppy code ignored it).
    banner: { js: '"use strict";' },
    define: {
      // Metro's release build inlines it (React reads it at import).
      'process.env.NODE_ENV': '"production"',
      ANSWERS: JSON.stringify(answers),
      FIXTURE: JSON.stringify({ ...fixture, cms: cmsFixture, twoCopies: mode.twoCopies }),
    },
    plugins: mode.plugins,
    // The CJS build by its path, for the two-copies check.
    alias: { 'viewlink-web-cjs': join(installed, 'dist', 'index.cjs') },
  }).catch((error) => fail(`${mode.name}: esbuild could not bundle:\n${error.message}`));
  const sources = Object.keys(bundled.metafile.inputs).filter((input) => /packages\/[^/]+\/src\//.test(input));
  if (sources.length > 0)
    fail(`${mode.name}: the bundle holds package sources, not builds: ${sources.slice(0, 3).join(', ')}`);
  const lowered = await transformAsync(bundled.outputFiles[0].text, {
    ...babelOptions(`${mode.name}.js`),
    sourceType: 'script',
  });
  const file = join(work, `${mode.name}.bundle.js`);
  writeFileSync(file, lowered.code);
  // -Xmicrotask-queue: promise jobs drain after each task, as in React Native on Hermes. -w: no
  // compiler warnings (globals React Native's sources read and this run does not define).
  const result = spawnSync(hermes, ['-w', '-Xmicrotask-queue', file], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  // Hermes quotes the (one-line) source at a syntax error: keep its lines short.
  const output = `${result.stdout}${result.stderr}`
    .trim()
    .split('\n')
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join('\n');
  console.log(`--- ${mode.name} (${file})\n${output}`);
  const summary = /hermes: (\d+) passed, (\d+) failed/.exec(output);
  const expected = mode.twoCopies ? 38 : 37;
  if (result.status !== 0 || !summary || summary[2] !== '0' || Number(summary[1]) !== expected) {
    console.error(`${mode.name}: expected ${expected} checks passed and none failed (exit ${result.status})`);
    failures++;
  }
}
if (failures) process.exit(1);
console.log('hermes gate: passed');
