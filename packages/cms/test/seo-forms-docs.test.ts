/**
 * Every seo/v1 and forms/v1 method shows its route's summary in the editor: hover text read
 * through the TypeScript language service, as an editor reads it, compared with the route
 * table's `summary` (the one source, which also reaches the OpenAPI documents).
 */
import { join } from 'node:path';
import { cmsRoutes } from '@viewlink/schemas';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CmsClient } from '../src/index.js';

const root = join(import.meta.dirname, '../../..');
const probe = join(import.meta.dirname, '__seo-forms-hover__.ts');

/** `client.seo.ai.getSuggestions` and its route key, for every generated method. */
async function methods(): Promise<Array<{ path: string; routeKey: string }>> {
  const cms = new CmsClient({ baseUrl: 'http://127.0.0.1:9' });
  // They load on the first call (a name no group has loads them and is refused; nothing is sent).
  await expect(Reflect.get(cms.seo.ai, 'nope')()).rejects.toThrow(TypeError);
  await expect(Reflect.get(cms.forms.setupWizard, 'nope')()).rejects.toThrow(TypeError);
  const found: Array<{ path: string; routeKey: string }> = [];
  const groups = [
    ...Object.entries(cms.seo).map(([name, group]) => [`seo.${name}`, group] as const),
    ...Object.entries(cms.forms).map(([name, group]) => [`forms.${name}`, group] as const),
  ];
  for (const [groupPath, group] of groups)
    for (const [name, method] of Object.entries(group as Record<string, { routeKey: string }>))
      found.push({ path: `${groupPath}.${name}`, routeKey: method.routeKey });
  return found;
}

/** Quick info (signature and documentation) at the last segment of each `cms.<path>` in one file. */
function hovers(paths: string[]): Map<string, { text: string; docs: string }> {
  const lines = paths.map((path) => `void cms.${path};`);
  const source = `import type { CmsClient } from '../src/index.js';\ndeclare const cms: CmsClient;\n${lines.join('\n')}\n`;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json not readable');
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [probe],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      file === probe
        ? ts.ScriptSnapshot.fromString(source)
        : ts.sys.fileExists(file)
          ? ts.ScriptSnapshot.fromString(ts.sys.readFile(file) ?? '')
          : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => file === probe || ts.sys.fileExists(file),
    readFile: (file) => (file === probe ? source : ts.sys.readFile(file)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const result = new Map<string, { text: string; docs: string }>();
  let offset = source.indexOf('void cms.');
  for (const [i, path] of paths.entries()) {
    const line = lines[i] as string;
    const position = offset + line.lastIndexOf('.') + 1;
    const info = service.getQuickInfoAtPosition(probe, position);
    result.set(path, {
      text: ts.displayPartsToString(info?.displayParts),
      docs: ts.displayPartsToString(info?.documentation),
    });
    offset += line.length + 1;
  }
  return result;
}

describe('seo/v1 and forms/v1 method documentation', () => {
  it('every method hovers with its route summary, one line, from the route table', { timeout: 120_000 }, async () => {
    const all = await methods();
    expect(all.length).toBeGreaterThan(60);
    const found = hovers(all.map((m) => m.path));
    const routes = cmsRoutes as Record<string, { summary: string }>;
    for (const { path, routeKey } of all) {
      const hover = found.get(path);
      const name = path.split('.').at(-1) as string;
      expect(hover?.text, path).toContain(`(property) ${name}:`);
      const summary = routes[routeKey]?.summary;
      expect(summary, routeKey).toMatch(/^[A-Z].{10,}\.$/);
      expect(summary, routeKey).not.toContain('\n');
      expect(hover?.docs, path).toBe(summary);
    }
  });
});
