import { fileURLToPath } from 'node:url';

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

/** `@viewlink/*` resolved to the packages' sources, shared by every vitest config (no build needed). */
export const workspaceAliases = [
  { find: /^@viewlink\/transport\/errors$/, replacement: src('transport/src/errors.ts') },
  { find: /^@viewlink\/([a-z]+)$/, replacement: src('$1/src/index.ts') },
  { find: /^@viewlink\/([a-z]+)\/([a-z-]+)$/, replacement: src('$1/src/$2.ts') },
];
