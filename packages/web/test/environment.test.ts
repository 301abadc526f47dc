// @vitest-environment happy-dom
import { checkLinkingSupport, UnsupportedEnvironmentError } from '@viewlink/web';
import { describe, expect, it } from 'vitest';

const ua = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
};
const brands = (...names: string[]) => names.map((brand) => ({ brand, version: '131' }));

describe('checkLinkingSupport', () => {
  it('accepts desktop Chrome, Edge and Chromium by client hints', () => {
    for (const name of ['Google Chrome', 'Microsoft Edge', 'Chromium']) {
      const result = checkLinkingSupport({
        userAgent: ua.chromeWin,
        userAgentData: { brands: brands('Not_A Brand', 'Chromium', name), mobile: false, platform: 'Windows' },
      });
      expect(result).toMatchObject({ supported: true });
    }
  });
  it('refuses mobile by client hints, even in Chrome', () => {
    const result = checkLinkingSupport({
      userAgent: ua.chromeAndroid,
      userAgentData: { brands: brands('Google Chrome', 'Chromium'), mobile: true, platform: 'Android' },
    });
    expect(result.supported).toBe(false);
    if (result.supported) return;
    expect(result.error).toBeInstanceOf(UnsupportedEnvironmentError);
    expect(result.error.reason).toBe('mobile');
    expect(result.error.message).toMatch(/mobile device \(Android\)/);
  });
  it('refuses other Chromium browsers by client hints, naming them', () => {
    const result = checkLinkingSupport({
      userAgent: ua.opera,
      userAgentData: { brands: brands('Opera', 'Chromium'), mobile: false, platform: 'Windows' },
    });
    expect(result).toMatchObject({ supported: false, error: { reason: 'browser', browser: 'Opera' } });
  });
  it('falls back to the User-Agent string without client hints', () => {
    expect(checkLinkingSupport({ userAgent: ua.chromeWin })).toMatchObject({ supported: true, browser: 'Chrome' });
    expect(checkLinkingSupport({ userAgent: ua.edge })).toMatchObject({ supported: true, browser: 'Microsoft Edge' });
    for (const [agent, browser] of [
      [ua.firefox, 'Firefox'],
      [ua.safari, 'Safari'],
      [ua.opera, 'Opera'],
    ] as const) {
      const result = checkLinkingSupport({ userAgent: agent });
      expect(result).toMatchObject({ supported: false, error: { reason: 'browser', browser } });
      if (!result.supported) expect(result.error.message).toContain(`${browser} is not supported`);
    }
    for (const agent of [ua.chromeAndroid, ua.iphone])
      expect(checkLinkingSupport({ userAgent: agent })).toMatchObject({
        supported: false,
        error: { reason: 'mobile' },
      });
  });
  it('says when there is no browser at all', () => {
    expect(checkLinkingSupport(null)).toMatchObject({ supported: false, error: { reason: 'no-browser' } });
  });
});

describe('React Native', () => {
  it('refuses linking as an app, not as a page to open elsewhere', () => {
    const support = checkLinkingSupport({ product: 'ReactNative' });
    expect(support.supported).toBe(false);
    if (support.supported) return;
    expect(support.error.reason).toBe('app');
    expect(support.error.message).toMatch(/desktop Chrome or Edge/);
    expect(support.error.message).not.toMatch(/open this page/);
  });
});
