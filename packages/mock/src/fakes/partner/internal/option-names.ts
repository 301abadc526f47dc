/** The option names `createPartnerFake()` takes: another is refused, not ignored (a misspelt `accessTokenTTL` kept the default). */
import type { PartnerFakeOptions } from '../options.js';

/** The names of {@link PartnerFakeOptions} (the compiler keeps the list complete). */
export const PARTNER_FAKE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  apiKeys: true,
  now: true,
  accessTokenTtl: true,
  refreshTokenTtl: true,
  users: true,
  webhookUrl: true,
  webhookSecret: true,
  webhookScheme: true,
  refreshDelayMs: true,
  fetch: true,
  publicBaseUrl: true,
  fileSeed: true,
  echoCredentials: true,
} satisfies { readonly [Name in keyof Required<PartnerFakeOptions>]: true });
