// What a React Native app gives the SDK, and nothing more: React Native's own URL, Blob and
// AbortController (its source, from the react-native package), its fetch (whatwg-fetch over an
// XMLHttpRequest, as Libraries/Network/fetch.js sets it up), its `navigator`, and timers that
// honour delays (React Native's do; the hermes CLI's run in order, ignoring them). The
// XMLHttpRequest answers from the mock's recorded answers (ANSWERS, put in by run.mjs): the CLI
// has no network. Bundled ahead of the scenario by run.mjs.

import { URL, URLSearchParams } from 'react-native/Libraries/Blob/URL';
import { AbortController } from 'react-native/src/private/webapis/dom/abort-api/AbortController';
import { AbortSignal_public as AbortSignal } from 'react-native/src/private/webapis/dom/abort-api/AbortSignal';

const g = globalThis;
// React Native: `window` is the global object, `navigator.product` is 'ReactNative' (setUpNavigator.js).
g.window = g;
// React Native also names the global object `global`, and gives a console (the hermes CLI has
// only `print`): libraries an app bundles (React in development, for one) read both.
g.global = g;
g.console ??= Object.fromEntries(
  ['log', 'info', 'warn', 'error', 'debug'].map((level) => [
    level,
    (...args) => print(`[console.${level}] ${args.join(' ')}`),
  ]),
);
g.navigator = { product: 'ReactNative' };
// React Native's Blob (setUpXHR.js), whose data lives on the native side (none here: making one throws).
g.Blob = require('react-native/Libraries/Blob/Blob').default;
g.URL = URL;
g.URLSearchParams = URLSearchParams;
g.AbortController = AbortController;
g.AbortSignal = AbortSignal;

// React Native's queueMicrotask (Libraries/Core/setUpTimers.js): the hermes CLI has none. An
// error thrown in the callback is reported on a later task, as React Native rethrows it.
g.queueMicrotask = (callback) => {
  Promise.resolve()
    .then(callback)
    .catch((error) => g.setTimeout(() => g.__uncaught.push(error), 0));
};
/** Errors a microtask threw (React Native reports them as uncaught). */
g.__uncaught = [];

// Timers on a virtual clock: each turn of the CLI's own queue runs the next task. Recorded
// answers (network) come first, then the earliest timer; microtasks drain in between
// (hermes -Xmicrotask-queue, as in React Native).
const runNext = g.setTimeout;
const timers = new Map();
const network = [];
let nextId = 1;
let now = 0;
let pumping = false;
let stopped = false;
const pump = () => {
  pumping = false;
  if (stopped) return;
  const task = network.shift();
  if (task) task();
  else {
    let next;
    for (const timer of timers.values()) if (!next || timer.at < next.at) next = timer;
    if (!next) return;
    timers.delete(next.id);
    now = next.at;
    next.run();
  }
  schedule();
};
const schedule = () => {
  if (pumping || stopped) return;
  pumping = true;
  runNext(pump, 0);
};
g.setTimeout = (run, ms = 0, ...args) => {
  const id = nextId++;
  timers.set(id, { id, at: now + Math.max(0, Number(ms) || 0), run: () => run(...args) });
  schedule();
  return id;
};
g.clearTimeout = (id) => {
  timers.delete(id);
};
/** Ends the run: pending timers (the token's expiry, hours ahead) never fire. */
g.__stopTimers = () => {
  stopped = true;
};
// React Native's performance.now() (its Event, which an AbortSignal's abort dispatches, stamps it).
g.performance ??= { now: () => now };
/** Virtual time passed, in ms: the scenario checks a timer's delay was honoured. */
g.__virtualNow = () => now;

/** The requests sent, for the scenario's assertions: method, path, headers (lower-case names). */
g.__sent = [];

// An XMLHttpRequest answering from ANSWERS ({ 'GET /v1/user/watchlist Bearer <token>': { status, headers, body } }).
function XMLHttpRequest() {
  this.readyState = 0;
  this.status = 0;
  this.statusText = '';
  this.responseText = '';
  this.responseURL = '';
  this.headers = {};
  this.aborted = false;
}
XMLHttpRequest.prototype.open = function (method, url) {
  this.method = method;
  this.url = url;
  this.readyState = 1;
};
XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
  this.headers[name.toLowerCase()] = value;
};
XMLHttpRequest.prototype.getAllResponseHeaders = function () {
  return this.responseHeaders;
};
XMLHttpRequest.prototype.abort = function () {
  this.aborted = true;
  if (this.onabort) this.onabort();
};
XMLHttpRequest.prototype.send = function (body) {
  const path = this.url.replace(/^https?:\/\/[^/]+/, '');
  g.__sent.push({ method: this.method, path, headers: this.headers, body });
  const key = `${this.method} ${path} ${this.headers.authorization ?? ''}`;
  const answer = ANSWERS[key];
  // A server that never answers (the scenario's timeout check): only abort() ends the request.
  if (key.endsWith(' Bearer vl_at_never_answered') || path.startsWith('/stalled/')) return;
  network.push(() => {
    if (this.aborted) return;
    if (!answer) {
      print(`no recorded answer for ${key}`);
      if (this.onerror) this.onerror();
      return;
    }
    this.status = answer.status;
    this.responseURL = this.url;
    this.responseHeaders = Object.entries(answer.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    this.responseText = answer.body;
    this.readyState = 4;
    this.onload();
  });
  schedule();
};
g.XMLHttpRequest = XMLHttpRequest;
// React Native's fetch: whatwg-fetch installs fetch, Headers, Request, Response on the global.
require('whatwg-fetch');
