import { describe, expect, it } from 'vitest';
import { CONTENDERS, measure, WEB_BUDGET_BYTES } from './measure-size.js';

describe('bundle size', () => {
  it(`import { SDK } from '@viewlink/web' is at most ${WEB_BUDGET_BYTES} bytes minified + gzipped, with no Node built-ins`, async () => {
    const size = await measure(CONTENDERS["import { SDK } from '@viewlink/web'"]);
    expect(size.nodeImports).toEqual([]);
    expect(size.gzipped).toBeGreaterThan(3_000); // the bundle really holds the SDK
    expect(size.gzipped).toBeLessThanOrEqual(WEB_BUDGET_BYTES);
  });
  it('the consent screen is a separate entry: the SDK bundle holds none of its code', async () => {
    const sdk = await measure(CONTENDERS["import { SDK } from '@viewlink/web'"]);
    const consent = await measure(
      CONTENDERS["import { renderConsentScreen } from '@viewlink/web/consent' (separate entry)"],
    );
    expect(consent.code).toContain('viewlink-consent');
    expect(sdk.code).not.toContain('viewlink-consent');
    expect(sdk.code).not.toContain('attachShadow');
  });
  it('bundles only the bridge messages the facade uses', async () => {
    const { code } = await measure(CONTENDERS["import { SDK } from '@viewlink/web'"]);
    expect(code).toContain('connect-result');
    expect(code).not.toContain('awaiting-mfa'); // BridgeProgress's stage list
    expect(code).not.toContain('$ZodDiscriminatedUnion');
  });
  it('holds no zod: the bridge messages are checked by hand (internal/bridge-messages.ts)', async () => {
    const { code } = await measure(CONTENDERS["import { SDK } from '@viewlink/web'"]);
    expect(code).toContain('linked_account_id'); // the connect-result check is there
    expect(code).not.toMatch(/\$Zod|_zod/);
  });
});
