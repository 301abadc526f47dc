/**
 * The transform that makes the browser build of @viewlink/schemas (tsup.config.ts, `dist/browser`):
 * field descriptions and route summaries feed the OpenAPI export, the generated types' JSDoc and
 * the docs, never validation, so a browser bundle need not carry them. `described(x, '...')` and
 * `describedCopy(x, '...')` become `(x)`, and a route's `summary` (a property of an object
 * literal that also has `operationId`) becomes `''`. The source keeps every text beside its
 * field; Node builds keep them (docs/decisions/cms.md, "Browser bundle").
 */
import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/** The helpers of src/internal/describe.ts whose second argument is a description. */
const DESCRIBERS = new Set(['described', 'describedCopy']);

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Name of a property (`summary`, `'summary'`), or undefined for computed names. */
function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** `described(...)` / `describedCopy(...)` called by its plain name. */
function isDescriberCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && DESCRIBERS.has(node.expression.text);
}

/** `summary: ...` in an object literal that is a route (it has an `operationId`). */
function isRouteSummary(node: ts.Node): node is ts.PropertyAssignment {
  if (!ts.isPropertyAssignment(node) || propertyName(node.name) !== 'summary') return false;
  return node.parent.properties.some((p) => p.name !== undefined && propertyName(p.name) === 'operationId');
}

/** The `import { described } from '.../describe.js'` declarations, to drop once no call is left. */
function isDescribeImport(node: ts.Node): node is ts.ImportDeclaration {
  if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) return false;
  if (!node.moduleSpecifier.text.endsWith('/describe.js')) return false;
  const bindings = node.importClause?.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.every((element) => DESCRIBERS.has(element.name.text))
  );
}

/**
 * The text of `source[from, to)` with every description inside it removed. A description must be
 * a string literal: a text passed in from elsewhere (a helper's parameter) would stay at the caller.
 */
function rewrite(file: ts.SourceFile, node: ts.Node, from: number, to: number, drop: readonly ts.Node[] = []): string {
  const edits: Edit[] = drop.map((d) => ({ start: d.getStart(file), end: d.end, text: '' }));
  const where = (node: ts.Node) => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return `${file.fileName}:${line + 1}:${character + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (isDescriberCall(node)) {
      const [schema, description, ...rest] = node.arguments;
      if (schema === undefined || description === undefined || rest.length > 0)
        throw new Error(`${where(node)}: ${node.expression.getText(file)}(schema, 'description') takes two arguments`);
      if (!ts.isStringLiteral(description) && !ts.isNoSubstitutionTemplateLiteral(description))
        throw new Error(
          `${where(description)}: write the description as a string literal here, so the browser build can drop it`,
        );
      // Full start: a leading `/* @__PURE__ */` of the schema stays with it.
      const inner = rewrite(file, schema, schema.pos, schema.end);
      edits.push({ start: node.getStart(file), end: node.end, text: `(${inner})` });
      return;
    }
    if (isRouteSummary(node)) {
      edits.push({ start: node.initializer.getStart(file), end: node.initializer.end, text: "''" });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(node);
  let text = file.text.slice(from, to);
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start - from) + edit.text + text.slice(edit.end - from);
  }
  return text;
}

/**
 * `source` (a module of packages/schemas/src) without its field descriptions and route summaries.
 * The import of the describe helpers is dropped when every use of them was a call it removed.
 */
export function stripDescriptions(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports = file.statements.filter(isDescribeImport);
  let otherUses = 0;
  const countUses = (node: ts.Node): void => {
    if (isDescriberCall(node)) {
      node.arguments.forEach(countUses);
      return;
    }
    if (ts.isIdentifier(node) && DESCRIBERS.has(node.text) && !ts.isImportSpecifier(node.parent)) otherUses++;
    ts.forEachChild(node, countUses);
  };
  countUses(file);
  return rewrite(file, file, 0, source.length, otherUses === 0 ? imports : []);
}

/** Where the helpers are defined: the one module the transform leaves alone. */
const DESCRIBE_MODULE = `${sep}internal${sep}describe.ts`;

/**
 * esbuild plugin (tsup's `esbuildPlugins`): every TypeScript module outside node_modules is loaded
 * through {@link stripDescriptions}, but src/internal/describe.ts, which defines the helpers.
 */
export function stripDescriptionsPlugin(): Plugin {
  return {
    name: 'strip-descriptions',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        if (path.endsWith(DESCRIBE_MODULE) || path.includes(`${sep}node_modules${sep}`)) return undefined;
        return { contents: stripDescriptions(await readFile(path, 'utf8'), path), loader: 'ts' };
      });
    },
  };
}
