import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENDERS, measure, WEB_BUDGET_BYTES } from './measure-size.js';

const SDK_IMPORT = CONTENDERS["import { SDK } from '@viewlink/web'"];
const CONSENT_IMPORT = CONTENDERS["import { renderConsentScreen } from '@viewlink/web/consent' (separate entry)"];
/** The consent screen's own entry (its texts, styles, focus and touch handling): 4.5 kB on 2026-11-28. */
const CONSENT_BUDGET_BYTES = 5_000;

describe('bundle size', () => {
  it(`import { SDK } from '@viewlink/web' loads at most ${WEB_BUDGET_BYTES} bytes minified + gzipped at start, with no Node built-ins`, async () => {
    const size = await measure(SDK_IMPORT);
    expect(size.nodeImports).toEqual([]);
    expect(size.loaded.gzipped).toBeGreaterThan(3_000); // the start load really holds the SDK
    expect(size.loaded.gzipped).toBeLessThanOrEqual(WEB_BUDGET_BYTES);
  });
  it('the README and docs/web.md state the budget the test holds, with no measured figure that goes stale', () => {
    const read = (path: string) =>
      readFileSync(new URL(path, import.meta.url), 'utf8')
        .replace(/\s+/g, ' ')
        .split('Size: ')[1]
        ?.split('. ')[0];
    for (const size of [read('../README.md'), read('../../../docs/web.md')]) {
      expect(size).toContain(`under ${WEB_BUDGET_BYTES / 1000} kB min`);
      expect(size).not.toMatch(/\d[.,]\d+ ?k?B/);
    }
  });
  it('the extension bridge loads on the first connect(), not at start', async () => {
    const size = await measure(SDK_IMPORT);
    // The bridge's handshake and the connect-result check are in the chunk import() loads.
    expect(size.onDemand.code).toContain('hello-ack');
    expect(size.onDemand.code).toContain('connect-result');
    expect(size.loaded.code).not.toContain('hello-ack');
    expect(size.loaded.code).not.toContain('connect-result');
    expect(size.loaded.code).toMatch(/import\(/);
    // One file at start: the link chunk imports nothing the entry loads (LinkParts, src/internal/bridge.ts),
    // else the shared modules move into a third chunk the page loads too (~480 B more gzipped).
    expect(size.loaded.chunks).toBe(1);
    expect(size.onDemand.gzipped).toBeGreaterThan(500);
    expect(size.onDemand.gzipped).toBeLessThan(2_000); // the README's "a chunk under 2 kB"
    expect(size.all.gzipped).toBe(size.loaded.gzipped + size.onDemand.gzipped);
  });
  it('the consent screen is a separate entry: the SDK bundle holds none of its code', async () => {
    const sdk = await measure(SDK_IMPORT);
    const consent = await measure(CONSENT_IMPORT);
    expect(consent.loaded.code).toContain('viewlink-consent');
    for (const code of [sdk.loaded.code, sdk.onDemand.code]) {
      expect(code).not.toContain('viewlink-consent');
      expect(code).not.toContain('attachShadow');
    }
  });
  it(`the consent screen's entry loads at most ${CONSENT_BUDGET_BYTES} bytes minified + gzipped, with no Node built-ins`, async () => {
    const consent = await measure(CONSENT_IMPORT);
    expect(consent.nodeImports).toEqual([]);
    expect(consent.loaded.gzipped).toBeGreaterThan(2_000); // the entry really holds the screen
    expect(consent.loaded.gzipped).toBeLessThanOrEqual(CONSENT_BUDGET_BYTES);
  });
  it('bundles only the bridge messages the facade uses', async () => {
    const { onDemand } = await measure(SDK_IMPORT);
    expect(onDemand.code).toContain('connect-result');
    expect(onDemand.code).not.toContain('awaiting-mfa'); // BridgeProgress's stage list
    expect(onDemand.code).not.toContain('$ZodDiscriminatedUnion');
  });
  it('holds no zod: the bridge messages are checked by hand (internal/bridge-messages.ts)', async () => {
    const { all } = await measure(SDK_IMPORT);
    expect(all.code).toContain('linked_account_id'); // the connect-result check is there
    expect(all.code).not.toMatch(/\$Zod|_zod/);
  });
});
