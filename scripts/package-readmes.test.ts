// Each package README is its npm page, where a relative link (`../../docs/cms.md`, `../redis`)
// resolves to nothing: the packages name no repository. Links there are absolute (another package:
// the npm page of a package of this workspace) or in-page anchors that name a heading of the
// same README. Code is not scanned.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = readdirSync(join(root, 'packages')).sort();

/** The markdown without its code: fenced blocks and inline code spans (a link there is text). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(\s*)(```|~~~)[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link target: inline links and images, reference definitions, HTML `href` and `src`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g))
    targets.push(match[1] ?? '');
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S*?)>?(?:\s|$)/gm)) targets.push(match[1] ?? '');
  for (const match of text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']*)["']/gi)) targets.push(match[1] ?? '');
  return targets;
}

/** The anchors of a README's headings, as GitHub and npm make them (lowercase, punctuation dropped, spaces to `-`, repeats numbered). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What is wrong with a README's links on its npm page: relative targets, and anchors naming no heading. */
function npmPageProblems(markdown: string): string[] {
  const anchors = headingAnchors(markdown);
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    const npm = /^https:\/\/www\.npmjs\.com\/package\/@viewlink\/([^/#?]+)/.exec(target);
    if (npm && !packages.includes(npm[1] ?? '')) {
      problems.push(`${target}: no package of this workspace is named @viewlink/${npm[1]}`);
      continue;
    }
    if (/^(https:|mailto:)/i.test(target)) continue;
    if (target.startsWith('#')) {
      if (!anchors.has(decodeURIComponent(target.slice(1)).toLowerCase()))
        problems.push(`${target}: no heading of this README has that anchor`);
      continue;
    }
    problems.push(
      `${target || '(empty)'}: a relative or non-https link resolves to nothing on npmjs.com (link another package to https://www.npmjs.com/package/<name>, name a guide as \`docs/...\` or say what it holds)`,
    );
  }
  return problems;
}

describe('the link check', () => {
  it('finds relative links, images, reference definitions and HTML targets, not code', () => {
    const markdown = [
      '# Title',
      '## Two words',
      'See [the guide](../../docs/cms.md), [redis](../redis) and ![logo](./logo.png).',
      '[ref]: ../../docs/openapi',
      '<a href="docs/x.md">x</a> <img src="img.png">',
      '`[not a link](../code)`',
      '```md',
      '[also code](../code)',
      '```',
      '[npm](https://www.npmjs.com/package/@viewlink/redis), [up](#title), [down](#two-words), [dead](#nowhere)',
      '[plain http](http://example.com)',
      '[gone](https://www.npmjs.com/package/@viewlink/nothing)',
    ].join('\n');
    expect(npmPageProblems(markdown).map((p) => p.split(':')[0])).toEqual([
      '../../docs/cms.md',
      '../redis',
      './logo.png',
      '#nowhere',
      'http',
      'https',
      '../../docs/openapi',
      'docs/x.md',
      'img.png',
    ]);
  });

  it('makes anchors as npm and GitHub do', () => {
    expect([...headingAnchors('## 9. Running several instances\n## Errors & retries\n## Errors & retries')]).toEqual([
      '9-running-several-instances',
      'errors--retries',
      'errors--retries-1',
    ]);
  });
});

describe('package READMEs work on their npm page', () => {
  const readmes = packages.map((name) => `packages/${name}/README.md`);

  it('every package has one', () => {
    expect(readmes.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it.each(readmes)('%s: absolute links and anchors only', (path) => {
    expect(npmPageProblems(readFileSync(join(root, path), 'utf8'))).toEqual([]);
  });
});
