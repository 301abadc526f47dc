/** The client must run in browsers: no Node built-ins or Node globals in its sources. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('browser safety', () => {
  const files = sources(SRC);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [f.slice(SRC.length), f]))(
    '%s imports no Node built-in and uses no Node global',
    (_, file) => {
      // Comments may mention Node; code may not.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(code).not.toMatch(/from ['"](node:|fs|path|stream|http|https|url|util|buffer)['"]/);
      expect(code).not.toMatch(/\b(process\.|Buffer\.|require\()/);
    },
  );
});
