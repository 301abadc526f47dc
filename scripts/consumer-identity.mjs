// Run by scripts/consumer-test.mjs inside the scratch project where the packed packages are
// installed, plus a second, re-versioned copy of each under `second-<name>` (issue 15, item 4):
// every exported error class keeps `instanceof` across
//   - the CJS and ESM builds of one package in one process (require() and import()), and
//   - two installed versions of a package side by side,
// in both directions, and a class accepts only itself and its subclasses.
// Prints one line per comparison set; exits non-zero on any mismatch.
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/`);
const PACKAGES = ['transport', 'partner', 'web', 'cms'];

// One argument that every error constructor accepts: an array (for `issues.map`, `missing.join`)
// carrying the fields the init objects read.
const ANY = Object.assign([], {
  status: 404,
  method: 'GET',
  url: 'http://127.0.0.1/x',
  message: 'm',
  reason: 'burst',
  userId: 'u',
  retryAfterMs: 1,
});

/** Every exported error class of a module, by name. */
function errorClasses(module) {
  return new Map(Object.entries(module).filter(([, v]) => typeof v === 'function' && v.prototype instanceof Error));
}

let failures = 0;
function fail(message) {
  failures++;
  if (failures <= 20) console.error(`  FAIL ${message}`);
}

/**
 * Errors made by copy `a` checked against the classes of copy `b`: `instanceof` must answer what
 * the ordinary prototype check answers inside `a` (itself and its ancestors: true; else false).
 */
function compare(label, a, b, { mustDiffer = true } = {}) {
  const fromA = errorClasses(a);
  const fromB = errorClasses(b);
  if (fromA.size === 0) return fail(`${label}: no error classes exported`);
  let pairs = 0;
  let copies = 0;
  for (const [name, MadeClass] of fromA) {
    if (fromB.get(name) !== MadeClass) copies++;
    let error;
    try {
      error = new MadeClass(ANY, ANY, ANY, ANY);
    } catch (cause) {
      fail(`${label}: cannot construct ${name}: ${cause}`);
      continue;
    }
    for (const [other, CheckedClass] of fromB) {
      const Reference = fromA.get(other);
      const expected = Reference !== undefined && Function.prototype[Symbol.hasInstance].call(Reference, error);
      const actual = error instanceof CheckedClass;
      if (actual !== expected) fail(`${label}: ${name} instanceof ${other} is ${actual}, expected ${expected}`);
      pairs++;
    }
  }
  // The check means nothing if both sides are the same classes.
  if (mustDiffer && copies === 0) fail(`${label}: both sides are the same module instance`);
  console.log(`${label}: ${fromA.size} error classes, ${copies} from another copy, ${pairs} instanceof pairs`);
}

for (const name of PACKAGES) {
  const specifier = `@viewlink/${name}`;
  const cjs = require(specifier);
  const esm = await import(specifier);
  compare(`${specifier} require() -> import()`, cjs, esm);
  compare(`${specifier} import() -> require()`, esm, cjs);
  const second = `second-${name}`;
  const secondVersion = require(`${second}/package.json`).version;
  const otherEsm = await import(second);
  const otherCjs = require(second);
  // @viewlink/cms only re-exports the transport's classes: its second copy shares them (one transport installed).
  const mustDiffer = name !== 'cms';
  compare(`${specifier} -> ${second}@${secondVersion} (ESM)`, esm, otherEsm, { mustDiffer });
  compare(`${second}@${secondVersion} -> ${specifier} (CJS)`, otherCjs, cjs, { mustDiffer });
}

// The case the issue names, by hand: a ConflictError check accepts no ValidationError.
const first = require('@viewlink/transport');
const other = await import('second-transport');
if (new other.ValidationError('x', []) instanceof first.ConflictError)
  fail('a ValidationError passed a ConflictError check');
if (!(new other.ConflictError(ANY) instanceof first.APIError))
  fail('a ConflictError of the second copy is no APIError');

if (failures > 0) {
  console.error(`error identity: ${failures} mismatch(es)`);
  process.exit(1);
}
console.log('error identity ok: instanceof holds across CJS/ESM builds and two installed versions');
