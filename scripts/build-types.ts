/**
 * Writes packages/schemas/src/generated/types.ts from the zod schemas (`pnpm build:types`): one
 * named, closed interface per exported schema (known fields only, no index signature; unknown
 * fields still pass at run time), each field documented with the description registered on the
 * schema (`z.describe`, the same text the OpenAPI documents carry), and one interface per route
 * table whose schemas are typed by those names (`Typed<Post>`), so clients and editors meet
 * names instead of zod's internal types. With `--check`, fails when the committed file is stale.
 * A type test (packages/schemas/test/generated-types.test-d.ts) and the typed route-table
 * declarations check the result against the schemas.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { scalarAsList } from '../packages/schemas/src/cms/common.ts';
import * as schemas from '../packages/schemas/src/index.ts';

type Io = 'input' | 'output';
type Schema = core.$ZodType;

const OUT = 'packages/schemas/src/generated/types.ts';
const SRC = 'packages/schemas/src';

/** Export names whose type is named differently (the client's own names for its records). */
const RENAMES: Record<string, string> = {
  postRecord: 'Post',
  pageRecord: 'SitePage',
  mediaRecord: 'Media',
  menuItemRecord: 'MenuItem',
  blockRecord: 'Block',
  templateRecord: 'Template',
  revisionRecord: 'Revision',
  // The same schema object as revisionRecord (an autosave is revision-shaped).
  autosaveRecord: 'Revision',
};
/** Names whose primary type is the input (what callers write), not the suffix rule's guess. */
const INPUT_NAMES = new Set(['SeoPlannerCategory', 'SeoRecentContentItem']);
const OUTPUT_NAMES = new Set(['SeoAiErrorBody', 'PartnerErrorBody', 'BridgeConnectRequest']);

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod?.def === 'object';
const def = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown> & { type: string };
const primaryIo = (name: string): Io =>
  INPUT_NAMES.has(name)
    ? 'input'
    : OUTPUT_NAMES.has(name)
      ? 'output'
      : /(Query|Body|Write|Update|Create|Params|Request|Input)$/.test(name)
        ? 'input'
        : 'output';

/** JSDoc of each `export const name` in the schema sources: the interface's documentation. */
const exportDocs = new Map<string, string>();
function scanDocs(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'generated') scanDocs(path);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export const (\w+)/g)) {
      const body = (m[1] ?? '')
        .split('\n')
        .map((line) => line.replace(/^\s*\*\s?/, '').trimEnd())
        .join('\n')
        .trim();
      exportDocs.set(m[2] as string, body);
    }
  }
}
scanDocs(SRC);

// Named schemas: every exported schema that is not a bare primitive, by identity.
const NAMED_KINDS = new Set(['object', 'union', 'enum', 'literal', 'record', 'array', 'intersection', 'tuple', 'pipe']);
const names = new Map<Schema, { name: string; io: Io; exportName: string }>();
// A field's copy of a named schema (`describedCopy`, zod's `clone`) shares its definition object:
// it keeps the schema's name, and only its own description differs.
const namedByDef = new Map<unknown, Schema>();
const tables: Array<[string, Record<string, Record<string, unknown>>]> = [];
for (const [exportName, value] of Object.entries(schemas)) {
  if (isSchema(value)) {
    if (!NAMED_KINDS.has(def(value).type) || names.has(value)) continue;
    const name = RENAMES[exportName] ?? pascal(exportName);
    names.set(value, { name, io: primaryIo(name), exportName });
    if (!namedByDef.has(def(value))) namedByDef.set(def(value), value);
  } else if (isRouteTable(value)) tables.push([exportName, value]);
}

function isRouteTable(value: unknown): value is Record<string, Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.values(value);
  return (
    entries.length > 0 &&
    entries.every((r) => typeof r === 'object' && r !== null && 'operationId' in r && 'response' in r)
  );
}

// Route schemas without a name of their own get one from the route's operationId.
for (const [, table] of tables) {
  for (const route of Object.values(table)) {
    const parts: Array<[string, string]> = [
      ['params', 'Params'],
      ['query', 'Query'],
      ['body', 'Body'],
      ['response', 'Response'],
    ];
    for (const [part, suffix] of parts) {
      const schema = route[part];
      if (!isSchema(schema) || names.has(schema)) continue;
      const kind = def(schema).type;
      if (kind !== 'object' && kind !== 'union' && kind !== 'pipe') continue;
      const name = `${pascal(String(route.operationId))}${suffix}`;
      names.set(schema, { name, io: part === 'response' ? 'output' : 'input', exportName: '' });
    }
  }
}

/** Names of the schema package's value exports, and the interfaces their own modules declare. */
const valueNames = new Set(Object.keys(schemas));
const ownedByModules = new Set<string>();

const description = (schema: Schema): string | undefined => z.globalRegistry.get(schema)?.description;

/** Declarations to emit, by name, in order of first use. */
const declarations = new Map<string, string>();
const pending: Array<() => void> = [];

/** The name used for `schema` read as `io`, declaring it on first use; undefined when not named. */
function nameFor(given: Schema, io: Io): string | undefined {
  const schema = names.has(given) ? given : namedByDef.get(def(given));
  const entry = schema && names.get(schema);
  if (!schema || !entry) return undefined;
  // The other reading gets its own name only when it differs (defaults, transforms).
  const same = render(schema, 'input', true) === render(schema, 'output', true);
  const name = same || io === entry.io ? entry.name : `${entry.name}${io === 'input' ? 'Input' : 'Output'}`;
  if (!declarations.has(name)) {
    declarations.set(name, '');
    pending.push(() => declarations.set(name, declare(name, schema, io, entry.exportName)));
  }
  return name;
}

function docComment(text: string | undefined, indent: string): string {
  if (!text) return '';
  const lines = text.split('\n');
  if (lines.length === 1) return `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

function declare(name: string, schema: Schema, io: Io, exportName: string): string {
  const own = exportName ? exportDocs.get(exportName) : undefined;
  const fallback = exportName
    ? `${io === 'input' ? 'Input' : 'Output'} type of the \`${exportName}\` schema.`
    : `${io === 'input' ? 'Input' : 'Output'} type.`;
  const docs = docComment(description(schema) ?? own ?? fallback, '');
  const d = def(schema);
  if (d.type === 'object') {
    // A schema exported under the type's own name (`Watchlist`) declares its interface in its
    // own module (`interface Watchlist extends WatchlistFields {}`): two declarations of one
    // name would be renamed `Watchlist$1` by the declaration bundler, and hovers would show that.
    if (valueNames.has(name)) {
      ownedByModules.add(name);
      return `${docs}export interface ${name}Fields ${objectBody(schema, io, '')}\n`;
    }
    return `${docs}export interface ${name} ${objectBody(schema, io, '')}\n`;
  }
  return `${docs}export type ${name} = ${render(schema, io, false, '', true)};\n`;
}

const KEY = /^[A-Za-z_$][\w$]*$/;

function objectBody(schema: Schema, io: Io, indent: string, dry = false): string {
  const shape = def(schema).shape as Record<string, Schema>;
  // An object of any keys (`stringMap`, schemas' internal/string-map.ts): the record's type.
  const catchall = def(schema).catchall as Schema | undefined;
  if (Object.keys(shape).length === 0 && catchall !== undefined && def(catchall).type !== 'never')
    return `{ [key: string]: ${render(catchall, io, dry, indent)} }`;
  const inner = `${indent}  `;
  const lines = Object.entries(shape).map(([key, field]) => {
    // zod marks a key optional on input when its schema may be absent ('optional') or has a default ('defaulted').
    const flag: string | undefined = io === 'output' ? field._zod.optout : field._zod.optin;
    const optional = flag === 'optional' || flag === 'defaulted';
    // per_page is typed PerPage by its schema (perPageInt): the same union here.
    const type =
      key === 'per_page' && maxOf(field) === 100
        ? union(['PerPage', ...(render(field, io, true).includes('undefined') ? ['undefined'] : [])])
        : render(field, io, dry, inner);
    const docs = dry ? '' : docComment(fieldDescription(field), inner);
    return `${docs}${inner}${KEY.test(key) ? key : JSON.stringify(key)}${optional ? '?' : ''}: ${type}${optional && !type.endsWith('| undefined') ? ' | undefined' : ''};`;
  });
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}';
}

/** Description of a field: on the field, else on what its wrappers (optional, default) hold. */
function fieldDescription(field: Schema): string | undefined {
  let current: Schema | undefined = field;
  while (current) {
    const text = description(current);
    if (text) return text;
    const d = def(current);
    current =
      d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'prefault'
        ? (d.innerType as Schema)
        : undefined;
  }
  return undefined;
}

/** The `maximum` check of a number schema (through wrappers), if any. */
function maxOf(field: Schema): number | undefined {
  let current = field;
  for (;;) {
    const d = def(current);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') current = d.innerType as Schema;
    else break;
  }
  const checks = (def(current).checks ?? []) as Array<{
    _zod: { def: { check: string; value: unknown; inclusive?: boolean } };
  }>;
  const max = checks.map((c) => c._zod.def).find((c) => c.check === 'less_than' && c.inclusive);
  return typeof max?.value === 'number' ? max.value : undefined;
}

/** The TypeScript type of `schema` read as `io`. `dry` renders without naming (for comparisons). */
function render(schema: Schema, io: Io, dry: boolean, indent = '', top = false): string {
  if (!dry && !top) {
    const named = nameFor(schema, io);
    if (named) return named;
  }
  const d = def(schema);
  const r = (s: unknown) => render(s as Schema, io, dry, indent);
  switch (d.type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'bigint':
      return 'bigint';
    case 'null':
      return 'null';
    case 'undefined':
    case 'void':
      return 'undefined';
    case 'never':
      return 'never';
    case 'date':
      return 'Date';
    case 'unknown':
    case 'any':
    case 'custom':
    case 'transform':
      return 'unknown';
    case 'literal':
      return (d.values as unknown[]).map((v) => (v === undefined ? 'undefined' : JSON.stringify(v))).join(' | ');
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)
        .map((v) => JSON.stringify(v))
        .join(' | ');
    case 'optional':
      return union([r(d.innerType), 'undefined']);
    case 'nullable':
      return union([r(d.innerType), 'null']);
    case 'default':
    case 'prefault':
      return io === 'input' ? union([r(d.innerType), 'undefined']) : r(d.innerType);
    case 'nonoptional':
      return `Exclude<${r(d.innerType)}, undefined>`;
    case 'readonly':
    case 'catch':
      return r(d.innerType);
    case 'lazy':
      return r((d.getter as () => Schema)());
    case 'pipe': {
      // listParam(element): one value or a list in, a list out.
      if (io === 'input' && def(d.in as Schema).transform === scalarAsList)
        return union([r(def(d.out as Schema).element), r(d.out)]);
      return io === 'input' ? r(d.in) : r(d.out);
    }
    case 'array': {
      const item = r(d.element);
      return /^[\w.]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case 'tuple':
      return `[${(d.items as Schema[]).map(r).join(', ')}]`;
    case 'union':
      return union((d.options as Schema[]).map(r));
    case 'intersection':
      return `${r(d.left)} & ${r(d.right)}`;
    case 'record': {
      const key = r(d.keyType);
      return key === 'string' ? `{ [key: string]: ${r(d.valueType)} }` : `Record<${key}, ${r(d.valueType)}>`;
    }
    case 'object':
      return objectBody(schema, io, indent, dry);
    default:
      throw new Error(`build-types: no rendering for zod type ${d.type}`);
  }
}

function union(members: string[]): string {
  const flat = [...new Set(members.flatMap((m) => (/[{<(]/.test(m) ? [m] : m.split(' | '))))];
  // A union that holds `unknown` is `unknown`.
  if (flat.includes('unknown')) return 'unknown';
  // An open enum (known values or any string): `(string & {})` keeps the known values in autocomplete.
  const i = flat.indexOf('string');
  if (i !== -1 && flat.some((m) => m.startsWith("'") || m.startsWith('"'))) flat[i] = '(string & {})';
  return flat.map((m) => (m.includes('=>') ? `(${m})` : m)).join(' | ');
}

// Route tables: each as an interface whose schemas are typed by name.
const ROUTE_LITERALS = ['method', 'path', 'operationId', 'namespace', 'auth'] as const;
const ROUTE_FLAGS = ['batchable', 'rawBody', 'notOnWordPress'] as const;
const tableDeclarations: string[] = [];
const methodInterfaces: string[] = [];
for (const [exportName, table] of tables) {
  const members = Object.entries(table).map(([key, route]) => {
    const props: string[] = [];
    for (const prop of ROUTE_LITERALS) {
      if (route[prop] === undefined) continue;
      // Methods of seo/v1 and forms/v1 are named from their operationId; the other ids are built
      // at run time (`list${name}`), so their declared type is a string.
      const literal = prop !== 'operationId' || route.namespace === 'seo' || route.namespace === 'forms';
      props.push(`readonly ${prop}: ${literal ? JSON.stringify(route[prop]) : 'string'};`);
    }
    props.push('readonly summary: string;');
    for (const prop of ROUTE_FLAGS) if (route[prop] === true) props.push(`readonly ${prop}: true;`);
    if (typeof route.successStatus === 'number') props.push(`readonly successStatus: ${route.successStatus};`);
    for (const part of ['params', 'query', 'body', 'response'] as const) {
      const schema = route[part];
      if (!isSchema(schema)) continue;
      const output = render(schema, 'output', false);
      const input = render(schema, 'input', false);
      props.push(`readonly ${part}: Typed<${output}${input === output ? '' : `, ${input}`}>;`);
    }
    const docs = docComment(`${String(route.summary)}`, '  ');
    return `${docs}  readonly ${JSON.stringify(key)}: {\n${props.map((p) => `    ${p}`).join('\n')}\n  };`;
  });
  if (exportName === 'cmsRoutes') {
    // Spelled out: deriving it from the table's flags cost a consumer's compile a mapped type over every route.
    const batchable = Object.entries(table)
      .filter(([, route]) => route.batchable === true)
      .map(([key]) => JSON.stringify(key));
    tableDeclarations.push(
      `/** Route keys /batch/v1 accepts (those flagged \`batchable\` in {@link CmsRoutes}). */\nexport type CmsBatchableKey = ${batchable.join(' | ')};\n`,
    );
  }
  const own = exportDocs.get(exportName) ?? `The \`${exportName}\` route table.`;
  tableDeclarations.push(`${docComment(own, '')}export type ${pascal(exportName)} = {\n${members.join('\n')}\n};\n`);
  // A seo/v1 or forms/v1 group (`seoAiRoutes`): its client methods by name, named as
  // packages/cms/src/resources/tools/route-group.ts names them, each documented with its
  // route's summary so the editor shows it on `client.seo.ai.getSuggestions`.
  const group = /^(seo|forms)([A-Z]\w*)Routes$/.exec(exportName);
  if (group) {
    const [, ns = '', groupName = ''] = group;
    const methods = Object.entries(table).map(([key, route]) => {
      const id = String(route.operationId);
      let rest = id.startsWith(ns) ? id.slice(ns.length) : id;
      if (rest.startsWith(groupName) && rest !== groupName) rest = rest.slice(groupName.length);
      const name = rest.charAt(0).toLowerCase() + rest.slice(1);
      return `${docComment(String(route.summary), '  ')}  readonly ${name}: ${JSON.stringify(key)};`;
    });
    const name = `${pascal(exportName).replace(/Routes$/, '')}Methods`;
    methodInterfaces.push(name);
    tableDeclarations.push(
      `${docComment(`Methods of the {@link ${pascal(exportName)}} group: method name to route key, each with its route's summary.`, '')}export interface ${name} {\n${methods.join('\n')}\n}\n`,
    );
  }
}
// Named schemas nobody references are declared too: every exported schema has its type.
const exportedNames: Record<string, { input: string; output: string }> = {};
for (const [schema, entry] of names) {
  if (!entry.exportName) continue;
  exportedNames[entry.exportName] = { input: nameFor(schema, 'input') ?? '', output: nameFor(schema, 'output') ?? '' };
}
while (pending.length) pending.shift()?.();
if (process.env.BUILD_TYPES_NAMES) writeFileSync(process.env.BUILD_TYPES_NAMES, JSON.stringify(exportedNames));

/**
 * The type name of `schema` read as `io` (`Post`, `PostInput`, `ListPostsResponse`), or undefined
 * for an unnamed schema: what scripts/build-openapi.ts names its component schemas, so a client
 * generated from the documents meets the SDK's own names.
 */
export function typeName(schema: Schema, io: Io): string | undefined {
  return nameFor(schema, io);
}

/** Type names of every exported schema, by export name (both readings). */
export { exportedNames };

/** Writes (or with `--check`, compares) the generated files; only when run as a script. */
function writeOutputs(): void {
  const header = `/**
 * Named types of every exported schema and route table. Generated by \`pnpm build:types\`
 * (scripts/build-types.ts) from the zod schemas; do not edit. Field descriptions come from the
 * schemas (\`z.describe\`), the same text the OpenAPI documents carry.
 * @module
 */
// biome-ignore-all lint: generated
import type { ZodMiniType } from 'zod/mini';

/** A schema whose output (and input) types are named: what the typed route tables hold. */
export type Typed<Output, Input = Output> = ZodMiniType<Output, Input>;

/** \`per_page\` values the server accepts: the integers 1 to 100 (a number outside fails to compile). */
export type PerPage = ${Array.from({ length: 100 }, (_, i) => i + 1).join(' | ')};
`;
  const ownedImport = ownedByModules.size
    ? `import type { ${[...ownedByModules].sort().join(', ')} } from '../index.js';\n`
    : '';
  const raw = `${header.replace("import type { ZodMiniType } from 'zod/mini';\n", `import type { ZodMiniType } from 'zod/mini';\n${ownedImport}`)}\n${[...declarations.values()].join('\n')}\n${tableDeclarations.join('\n')}`;
  // Formatted as the repository formats code, so `biome ci` and `--check` agree.
  function biome(path: string, source: string): string {
    const run = spawnSync('node_modules/.bin/biome', ['check', '--write', `--stdin-file-path=${path}`], {
      input: source,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`biome failed on ${path}: ${run.stderr}`);
    return run.stdout;
  }
  const text = biome(OUT, raw);

  // generated/index.ts re-exports every name the schema modules do not already export: those
  // aliased there under the same name (`export type Watchlist = T.Watchlist`) and names taken by a
  // value export (a schema without its type alias) are left out.
  const aliased = new Set<string>();
  function scanAliases(dir: string): void {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'generated') scanAliases(path);
        continue;
      }
      // Any type the modules export by that name (an alias of the generated one, or their own).
      for (const m of readFileSync(path, 'utf8').matchAll(/export (?:type|interface) (\w+)/g))
        aliased.add(m[1] as string);
    }
  }
  scanAliases(SRC);
  const runtimeNames = valueNames;
  const allNames = [
    'Typed',
    'PerPage',
    ...declarations.keys(),
    ...[...ownedByModules].map((name) => `${name}Fields`),
    ...tables.map(([name]) => pascal(name)),
    ...methodInterfaces,
    'CmsBatchableKey',
  ];
  const reexported = allNames.filter((name) => !aliased.has(name) && !runtimeNames.has(name)).sort();
  const unexported = allNames.filter((name) => !aliased.has(name) && runtimeNames.has(name));
  if (unexported.length && !process.argv.includes('--check')) {
    console.log(
      `types without an export of their own (add \`export type X = T.X\` next to the schema): ${unexported.join(', ')}`,
    );
  }
  const indexText = `// Generated by \`pnpm build:types\` (scripts/build-types.ts); do not edit.\nexport type {\n${reexported.map((n) => `  ${n},`).join('\n')}\n} from './types.js';\n`;
  const outputs: Array<[string, string]> = [
    [OUT, text],
    [OUT.replace(/types\.ts$/, 'index.ts'), biome(OUT.replace(/types\.ts$/, 'index.ts'), indexText)],
  ];

  if (process.argv.includes('--check')) {
    for (const [file, content] of outputs) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {}
      if (current !== content) {
        console.error(`${file} is stale: run pnpm build:types`);
        process.exit(1);
      }
    }
    console.log(`${OUT} is up to date`);
  } else {
    for (const [file, content] of outputs) writeFileSync(file, content);
    console.log(`wrote ${OUT}: ${declarations.size} types, ${tables.length} route tables`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeOutputs();
