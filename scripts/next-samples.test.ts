// The Next.js App Router samples of the React and Next.js guides, as Next.js (Turbopack) resolves their
// relative imports: the exact file, or the path plus one of its extensions. Unlike TypeScript's
// bundler resolution it maps no `./panel.js` to `panel.tsx` ("Module not found" in `next build`),
// so a sample that tsc accepts can still fail there. tsc checks them with examples/docs/tsconfig.json.
// And a module that makes the partner client (the API Key) or the draft reader (an application
// password) is marked `import 'server-only'`, so a client component importing it fails `next build`
// instead of shipping it to browsers.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = ['examples/docs/react', 'examples/docs/nextjs'].map((folder) => join(root, folder));
const NEXT_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];

/** The guides' sample files that are pages, routes or components of a Next.js app. */
function nextSamples(): string[] {
  return folders
    .flatMap((folder) => readdirSync(folder, { recursive: true }).map((name) => join(folder, String(name))))
    .filter((path) => /\.tsx?$/.test(path) && statSync(path).isFile())
    .filter((path) => {
      const text = readFileSync(path, 'utf8');
      return (
        path.includes(`${join('react', 'next')}/`) ||
        path.includes(`${join('docs', 'nextjs')}/`) ||
        /Next\.js|^'use client'/m.test(text.slice(0, 300))
      );
    });
}

/** Relative specifiers of `import ... from` / `export ... from` / `import()`. */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

describe('Next.js samples of docs/getting-started/react.md and nextjs.md', () => {
  const samples = nextSamples();

  it('are found', () => {
    expect(samples.length).toBeGreaterThanOrEqual(6);
  });

  it.each(samples.map((path) => [relative(root, path), path]))(
    '%s: relative imports resolve as in Next.js',
    (_, path) => {
      const unresolved = relativeImports(readFileSync(path, 'utf8')).filter(
        (specifier) => !NEXT_EXTENSIONS.some((ext) => existsSync(join(dirname(path), specifier + ext))),
      );
      expect(unresolved).toEqual([]);
    },
  );
});

/** The example site's own modules (examples/nextjs-site), without its build output and dependencies. */
function siteModules(): string[] {
  const site = join(root, 'examples/nextjs-site');
  return readdirSync(site, { recursive: true })
    .map(String)
    .filter((name) => !/^(node_modules|\.next)\//.test(name) && /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(site, name));
}

describe('Next.js modules that make the partner client or the draft reader (a credential)', () => {
  // Pages, layouts and route handlers are entry points no client component imports; a shared
  // module (lib/viewlink.ts) is what a client component may import by mistake.
  const shared = [...nextSamples(), ...siteModules()].filter(
    (path) =>
      !/\/(page|layout|route)\.tsx?$/.test(path) &&
      /^import\s+(?!type\b)[^;]*from\s+'@viewlink\/(partner|cms\/preview)'/m.test(readFileSync(path, 'utf8')),
  );

  it('are found', () => {
    expect(shared.map((path) => relative(root, path))).toEqual(
      expect.arrayContaining(['examples/nextjs-site/lib/viewlink.ts', 'examples/nextjs-site/lib/cms.ts']),
    );
  });

  it.each(shared.map((path) => [relative(root, path), path]))("%s: imports 'server-only'", (_, path) => {
    expect(readFileSync(path, 'utf8')).toMatch(/^import 'server-only';$/m);
  });
});
