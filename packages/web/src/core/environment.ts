/**
 * Where account linking can run: desktop Chrome or Edge (and Chromium builds, which install the
 * same extension). Reads User-Agent Client Hints first, the User-Agent string as a fallback.
 */
import { UnsupportedEnvironmentError, type UnsupportedReason } from './errors.js';

/** True in a React Native app, whose `navigator.product` is `ReactNative` (its own polyfill sets it). */
export function isReactNative(nav: { readonly product?: string } | null | undefined): boolean {
  return nav?.product === 'ReactNative';
}

/** The parts of `navigator` the check reads (injectable for tests). */
export interface NavigatorLike {
  /** `ReactNative` in a React Native app. */
  readonly product?: string;
  /** The User-Agent string (fallback when Client Hints are absent). */
  readonly userAgent?: string;
  /** User-Agent Client Hints (`navigator.userAgentData`, Chromium browsers). */
  readonly userAgentData?: {
    /** Browser brands, e.g. `Google Chrome`, `Microsoft Edge`, `Chromium`. */
    readonly brands?: ReadonlyArray<{ readonly brand: string; readonly version?: string }>;
    /** True on phones and tablets. */
    readonly mobile?: boolean;
    /** Operating system, e.g. `Windows`, `Android`. */
    readonly platform?: string;
  };
}

/** Result of {@link checkLinkingSupport}. */
export type LinkingSupport =
  | {
      /** Linking can run here. */
      readonly supported: true;
      /** The browser recognised, e.g. `Google Chrome`. */
      readonly browser: string;
    }
  | {
      /** Linking cannot run here. */
      readonly supported: false;
      /** Why, as the error `connect` would throw. */
      readonly error: UnsupportedEnvironmentError;
    };

// Names a browser is recognised by: Client Hints brands, or what the User-Agent string is read as.
const SUPPORTED_BRANDS = ['Google Chrome', 'Microsoft Edge', 'Chromium', 'Chrome'];
// Chromium-based browsers whose extension store is not the one the extension ships in.
const OTHER_CHROMIUM = /Opera|OPR|YaBrowser|Samsung/i;
// A phone or tablet, by Client Hints platform (`Android`, `iOS`, `iPadOS`) or User-Agent string
// (iOS browsers say `CriOS`, `FxiOS`, `EdgiOS`).
const MOBILE = /Mobi|Android|iOS|iPhone|iPad|iPod|EdgA/;
// The User-Agent string's browser: the first pattern that matches (Edge and Opera also say Chrome).
const UA_BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/YaBrowser/, 'Yandex'],
  [/Edg\//, 'Microsoft Edge'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/**
 * Says whether account linking can run in this browser, and why not. Call it to decide whether
 * to show a "Connect" button; `connect` runs the same check and throws the error.
 */
export function checkLinkingSupport(nav: NavigatorLike | null = globalThis.navigator ?? null): LinkingSupport {
  const fail = (reason: UnsupportedReason, detail: string, browser?: string): LinkingSupport => ({
    supported: false,
    error: new UnsupportedEnvironmentError(reason, detail, browser),
  });
  // Before the window check: React Native defines `window` too.
  if (isReactNative(nav)) return fail('app', 'this is a React Native app');
  if (!nav || typeof window === 'undefined') return fail('no-browser', 'not in a browser');
  const ua = nav.userAgent ?? '';
  const hints = nav.userAgentData?.brands?.length ? nav.userAgentData : undefined;
  // One path for both sources: the names the browser goes by, whether it is mobile.
  const names = (
    hints ? (hints.brands?.map((b) => b.brand) ?? []) : [UA_BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]]
  ).filter((name): name is string => !!name && !/Not.?A.?Brand/i.test(name));
  const brand = SUPPORTED_BRANDS.find((b) => names.includes(b));
  const other = names.find((b) => OTHER_CHROMIUM.test(b));
  const browser = other ?? brand ?? names[0];
  if (hints?.mobile || MOBILE.test(hints ? (hints.platform ?? '') : ua))
    return fail('mobile', `this is a mobile device${hints?.platform ? ` (${hints.platform})` : ''}`, browser);
  if (!brand || other) return fail('browser', `${browser ?? 'this browser'} is not supported`, browser);
  return { supported: true, browser: brand };
}
