/** Reads the seo/v1 and forms/v1 route tables of the CMS spec, so tests compare the route tables with the source of truth. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The specs live in shared/ beside the repository, on developers' machines and in CI alike.
const specPath = fileURLToPath(new URL('../../../../shared/spec/cms-rest-interface.md', import.meta.url));
if (!existsSync(specPath)) throw new Error(`the CMS spec is missing: expected it at ${specPath}`);
const SPEC = readFileSync(specPath, 'utf8');

/** Rows of the spec table under `### heading`, as [methods cell, paths cell]. */
export function specRows(heading: string): Array<[string, string]> {
  const section = SPEC.split(`### ${heading}`)[1]?.split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Method') && !line.startsWith('|---'))
    .map((line) => {
      const [, methods = '', paths = ''] = line.split('|').map((cell) => cell.trim());
      return [methods, paths];
    });
}

/**
 * Route keys a spec row stands for: every method x every path. Paths are separated by `;`, `,`
 * or `and`; a short one such as `/terms` is relative to the folder of the row's last full path.
 */
export function keysOfRow([methods, paths]: [string, string]): string[] {
  let folder = '';
  const full = paths.split(/\s*(?:;|,|\band\b)\s*/).map((token) => {
    if (!token.startsWith('/seo/v1') && !token.startsWith('/forms/v1')) return `${folder}${token}`;
    folder = token.slice(0, token.lastIndexOf('/'));
    return token;
  });
  return methods.split(/\s*,\s*/).flatMap((m) => full.map((p) => `${m} ${p}`));
}
