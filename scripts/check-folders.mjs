#!/usr/bin/env node
// The folder rule of docs/architecture.md ("Folders"), checked for every published package
// (packages/* without `"private": true`) with the TypeScript compiler's own export resolution:
// - entry points (the src/ files package.json `exports` names) only re-export; a `bin` source is a
//   program: not an entry point, nothing public asked of it, what it imports counts as used;
// - nothing an entry point offers comes from an `internal/` module, however many `export ... from`
//   it passes through, and nothing outside a package imports its `internal/` modules;
// - every module outside `internal/` offers something an entry point reaches;
// - no dead exports: each export of each src/ module is reached from an entry point or imported
//   by another module of the package (type-only imports count). Generated files are included.
// `checkFolders(root)` returns the violations (the test runs it on a fixture tree); run as a
// script it checks this repository and fails on any violation not in PENDING below.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Violations tolerated for now, each `file:what` as printed, with a comment why. Empty: the rule
 * holds in every published package. An entry no longer violated is printed as stale (a warning).
 * @type {string[]}
 */
export const PENDING = [];

const SOURCE = /\.(ts|tsx|mts|cts)$/;

function walk(dir, keep) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

/** Whether a path inside a package (relative to its folder) lies in an `internal/` folder. */
const isInternal = (pathInPackage) => pathInPackage.split(sep).includes('internal');

/** Every `./dist/<name>.<ext>` string in a package.json field, mapped to `src/<name>.ts`. */
function distTargets(value, out = []) {
  if (typeof value === 'string') {
    const match = /^\.\/dist\/(.+?)\.(?:d\.)?(?:js|cjs|mjs|ts|cts|mts)$/.exec(value);
    if (match) out.push(match[1]);
  } else if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) distTargets(inner, out);
  }
  return out;
}

/** The published packages under `root/packages`, each with its entry points and src files. */
function publishedPackages(root) {
  const packagesDir = join(root, 'packages');
  const out = [];
  for (const name of existsSync(packagesDir) ? readdirSync(packagesDir).sort() : []) {
    const dir = join(packagesDir, name);
    const manifestPath = join(dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.private === true) continue;
    const src = join(dir, 'src');
    const toSrc = (distName) => [join(src, `${distName}.ts`), join(src, `${distName}.tsx`)].find(existsSync);
    const entries = new Set();
    for (const distName of distTargets(manifest.exports)) {
      const file = toSrc(distName);
      if (file) entries.add(file);
    }
    // A `bin` is a program: it offers nothing, and what it imports counts as used.
    const programs = new Set(distTargets(manifest.bin).map(toSrc).filter(Boolean));
    // The `browser` field swaps one built module for another: the stand-in offers what the original does.
    const standIns = new Map();
    if (manifest.browser && typeof manifest.browser === 'object') {
      for (const [from, to] of Object.entries(manifest.browser)) {
        const [fromName] = distTargets(from);
        const [toName] = distTargets(to);
        const original = fromName && toSrc(fromName);
        const standIn = toName && toSrc(toName);
        if (original && standIn) standIns.set(standIn, original);
      }
    }
    const files = walk(src, (f) => SOURCE.test(f) && !f.endsWith('.d.ts'));
    // A build may swap `<name>.browser.ts` in for `<name>.ts` (the schemas' browser build does, in
    // its tsup config): the stand-in offers what the original does.
    for (const file of files) {
      const original = file.replace(/\.browser\.(tsx?)$/, '.$1');
      if (original !== file && existsSync(original)) standIns.set(file, original);
    }
    out.push({
      name,
      dir,
      entries,
      programs,
      standIns,
      files,
    });
  }
  return out;
}

function compilerOptions(root) {
  const configPath = join(root, 'tsconfig.json');
  if (existsSync(configPath)) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
    );
    if (parsed) return { ...parsed.options, noEmit: true };
  }
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
}

const RELATIVE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Checks the folder rule under `root` (a repository with packages/* and, if present, a
 * tsconfig.json). Returns one violation per problem: `{ key, message }`, `key` being `file:what`.
 */
export function checkFolders(root) {
  root = resolve(root);
  const packages = publishedPackages(root);
  const rel = (file) => relative(root, file).split(sep).join('/');
  const violations = [];
  const report = (file, what, message) => violations.push({ key: `${rel(file)}:${what}`, message });

  const program = ts.createProgram(
    packages.flatMap((p) => p.files),
    compilerOptions(root),
  );
  const checker = program.getTypeChecker();
  const isAlias = (symbol) => (symbol.flags & ts.SymbolFlags.Alias) !== 0;
  const declaredIn = (symbol) => (symbol.declarations ?? []).map((d) => resolve(d.getSourceFile().fileName));
  const exportsOf = (sourceFile) => {
    const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
    return moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  };
  const finalTarget = (symbol) => (isAlias(symbol) ? checker.getAliasedSymbol(symbol) : symbol);
  /** The symbols from `symbol` through each `export ... from` / import to the declaration. */
  const chain = (symbol) => {
    const out = [];
    const seen = new Set();
    let at = symbol;
    while (at && !seen.has(at)) {
      seen.add(at);
      out.push(at);
      if (!isAlias(at)) break;
      at = checker.getImmediateAliasedSymbol(at);
    }
    return out;
  };

  for (const pkg of packages) {
    const inPackage = (file) => file.startsWith(pkg.dir + sep);
    const sourceFiles = pkg.files.map((file) => program.getSourceFile(file)).filter(Boolean);
    const reachable = new Set(); // symbols an entry point offers, and every alias on the way
    const used = new Set(); // symbols imported by another module of the package, with their chains

    for (const file of pkg.entries) {
      if (isInternal(relative(pkg.dir, file)))
        report(file, '(entry)', 'an entry point inside internal/: give it a public path');
      const sourceFile = program.getSourceFile(file);
      if (!sourceFile) continue;
      const codeLines = sourceFile.statements
        .filter((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier))
        .map((statement) => sourceFile.getLineAndCharacterOfPosition(statement.getStart()).line + 1);
      if (codeLines.length > 0) {
        report(
          file,
          '(entry-code)',
          `an entry point only re-exports, but line(s) ${codeLines.join(', ')} are not \`export ... from\`: move that code into a module and re-export it`,
        );
      }
      for (const exported of exportsOf(sourceFile)) {
        const symbols = chain(exported);
        for (const symbol of symbols) reachable.add(symbol);
        const privateFile = symbols.flatMap(declaredIn).find((f) => inPackage(f) && isInternal(relative(pkg.dir, f)));
        if (privateFile) {
          report(
            file,
            exported.name,
            `re-exports '${exported.name}' from ${rel(privateFile)}: a module in internal/ is private; move '${exported.name}' into a public module (outside internal/) if other packages use it`,
          );
        }
      }
    }

    const useAll = (moduleSpecifier) => {
      const symbol = checker.getSymbolAtLocation(moduleSpecifier);
      if (!symbol) return;
      for (const exported of checker.getExportsOfModule(symbol)) for (const s of chain(exported)) used.add(s);
    };
    for (const sourceFile of sourceFiles) {
      const visit = (node) => {
        if (ts.isImportDeclaration(node) && node.importClause) {
          const clause = node.importClause;
          if (clause.name) for (const s of chain(checker.getSymbolAtLocation(clause.name))) used.add(s);
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) useAll(node.moduleSpecifier);
          if (bindings && ts.isNamedImports(bindings)) {
            for (const element of bindings.elements) {
              for (const s of chain(checker.getSymbolAtLocation(element.name))) used.add(s);
            }
          }
        } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.exportClause) {
          // `export * from` in a module: its names are judged where they are used.
        } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const [specifier] = node.arguments;
          if (specifier && ts.isStringLiteral(specifier)) useAll(specifier);
        } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
          useAll(node.argument.literal);
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }

    const live = (symbol) => reachable.has(symbol) || used.has(symbol);
    const standInOriginals = new Map(
      [...pkg.standIns].map(([standIn, original]) => {
        const sourceFile = program.getSourceFile(original);
        return [standIn, new Map((sourceFile ? exportsOf(sourceFile) : []).map((s) => [s.name, s]))];
      }),
    );
    for (const sourceFile of sourceFiles) {
      const file = resolve(sourceFile.fileName);
      if (pkg.entries.has(file)) continue;
      const originals = standInOriginals.get(file);
      let offersSomething = false;
      for (const exported of exportsOf(sourceFile)) {
        const target = finalTarget(exported);
        const original = originals?.get(exported.name);
        if (original ? reachable.has(finalTarget(original)) : reachable.has(exported) || reachable.has(target)) {
          offersSomething = true;
        }
        if (!isAlias(exported) && !declaredIn(exported).includes(file)) continue; // `export *`: judged where declared
        if (original ? live(original) || live(finalTarget(original)) : live(exported) || live(target)) continue;
        // A re-export of a dead export of the package is reported where that export is declared.
        if (isAlias(exported) && declaredIn(target).some((f) => inPackage(f) && f !== file)) continue;
        const where = original ? `${rel(pkg.standIns.get(file))} (this file stands in for it)` : 'another module';
        report(
          file,
          exported.name,
          `export '${exported.name}' is dead: no entry point offers it and ${where} does not import it; drop the \`export\` (or the code), or re-export it from an entry point if it is meant to be public`,
        );
      }
      if (!offersSomething && !isInternal(relative(pkg.dir, file)) && !originals && !pkg.programs.has(file)) {
        report(
          file,
          '(module)',
          `nothing it exports is reachable from an entry point (${[...pkg.entries].map(rel).join(', ')}): move it into an internal/ folder, or re-export what it offers if that is public`,
        );
      }
    }
  }

  // Nothing outside a package imports its internal/ modules (other packages, tests, examples, scripts).
  const internalOwner = new Map();
  for (const pkg of packages)
    for (const file of pkg.files) if (isInternal(relative(pkg.dir, file))) internalOwner.set(file, pkg);
  const importers = walk(root, (f) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(f) && !f.endsWith('.d.ts'));
  for (const importer of importers) {
    const text = readFileSync(importer, 'utf8');
    for (const match of text.matchAll(RELATIVE_SPECIFIER)) {
      const base = resolve(dirname(importer), match[1]);
      const target = [base, base.replace(/\.(m|c)?js$/, '.$1ts'), `${base}.ts`, join(base, 'index.ts')].find((f) =>
        internalOwner.has(f),
      );
      const owner = target && internalOwner.get(target);
      if (owner && !importer.startsWith(owner.dir + sep)) {
        report(
          importer,
          `(imports:${rel(target)})`,
          `imports ${rel(target)}, a private module of @viewlink/${owner.name}: import what it offers from the package entry instead`,
        );
      }
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = checkFolders(root);
  const pending = new Set(PENDING);
  const failing = violations.filter((v) => !pending.has(v.key));
  const found = new Set(violations.map((v) => v.key));
  const stale = PENDING.filter((key) => !found.has(key));
  const allowed = violations.length - failing.length;
  if (stale.length > 0) {
    console.warn(`PENDING entries no longer violated (delete them from scripts/check-folders.mjs):`);
    for (const key of stale) console.warn(`  ${key}`);
  }
  if (failing.length > 0) {
    console.error(`the folder rule (docs/architecture.md, "Folders") is broken ${failing.length} time(s):`);
    for (const v of failing) console.error(`  ${v.key}  ${v.message}`);
    process.exit(1);
  }
  console.log(`folder rule and no dead exports hold in every published package (${allowed} pending in PENDING)`);
}
