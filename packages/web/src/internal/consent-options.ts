/**
 * Checks of `renderConsentScreen`'s options before anything is drawn: a misspelt option or text
 * name, a missing policy link or an out-of-range heading level is a `ConfigurationError` naming
 * the option, in the words of the SDK's other option checks (internal/input.ts).
 */

import { DEFAULT_CONSENT_TEXTS } from '../consent/texts.js';
import { ConfigurationError } from '../core/errors.js';
import { onlyKnownKeys } from './input.js';
import { kind } from './kind.js';

const WHERE = 'renderConsentScreen()';

/** Each option of the screen and the values it takes: a list of values, or a `typeof`. */
export type ScreenOptionTypes = Record<string, string | readonly unknown[]>;
const REQUIRED = ['consent', 'termsUrl', 'privacyUrl'];

/** Throws a `ConfigurationError` naming the first option of `options` the screen cannot use. */
export function checkScreenOptions(container: unknown, options: unknown, types: ScreenOptionTypes): void {
  const fail = (message: string): never => {
    throw new ConfigurationError(`${WHERE}: ${message}`);
  };
  if (!(typeof Element === 'function' && container instanceof Element))
    fail(`the container must be an element of the page (got ${kind(container)})`);
  if (kind(options) !== 'object')
    fail(`options must be an object { consent, termsUrl, privacyUrl } (got ${kind(options)})`);
  const given = options as Record<string, unknown>;
  onlyKnownKeys(given, Object.keys(types), WHERE, true);
  for (const [name, allowed] of Object.entries(types)) {
    const value = given[name];
    if (value === undefined) {
      if (REQUIRED.includes(name)) fail(`option ${name} is required`);
      continue;
    }
    const ok = typeof allowed === 'string' ? kind(value) === allowed : allowed.includes(value);
    if (!ok)
      fail(
        `option ${name} must be ${typeof allowed === 'string' ? `a non-empty ${allowed}` : `one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`} (got ${kind(value, true)})`,
      );
  }
  if (typeof (given.consent as { record?: unknown }).record !== 'function')
    fail('option consent must have a record() method (pass SDK.consent)');
  const texts = given.texts as Record<string, unknown> | undefined;
  if (texts === undefined) return;
  const names = Object.keys(DEFAULT_CONSENT_TEXTS);
  for (const [name, value] of Object.entries(texts)) {
    if (!names.includes(name)) fail(`texts.${name} is not a text of the screen (known: ${names.join(', ')})`);
    if (value !== undefined && typeof value !== 'string') fail(`texts.${name} must be a string (got ${kind(value)})`);
  }
}
