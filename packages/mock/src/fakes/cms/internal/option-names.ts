/** The option names `createCmsFake()` takes: another is refused, not ignored (a misspelt `restroot` served the default root). */
import type { CmsFakeOptions } from '../options.js';

/** The names of {@link CmsFakeOptions} (the compiler keeps the list complete). */
export const CMS_FAKE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  restRoot: true,
  name: true,
  users: true,
  now: true,
  echoCredentials: true,
} satisfies { readonly [Name in keyof Required<CmsFakeOptions>]: true });
