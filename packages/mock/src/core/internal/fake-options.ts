/**
 * The options check of the fakes and the mock service: options that are not an object, or that
 * hold a name the fake does not take, are refused when it is made (a misspelt option kept its
 * default without a word), with the clients' `ConfigurationError` and wording.
 */
import { ConfigurationError, refuseUnknownClientOptions } from '@viewlink/transport';

/**
 * Refuses `options` (`undefined` reads as none) unless it is an object of names in `known`.
 * @param what - the call, as the caller wrote it (`createPartnerFake()`).
 * @param at - where `options` sits in the caller's options, for a nested object (`partner`).
 * @throws ConfigurationError (the transport's check) for options that are not an object, or naming
 *   each unknown key: `createPartnerFake(): accessTokenTTL is an unknown option (known: ...)`.
 */
export function checkFakeOptions(options: unknown, known: readonly string[], what: string, at?: string): void {
  if (options !== undefined) refuseUnknownClientOptions(options, known, what, at);
}

/**
 * Refuses `apiKeys` (`undefined` reads as the default) unless it is an array of non-empty
 * strings: a string would be read letter by letter, each letter an accepted key.
 * @param at - the option as the caller wrote it (`apiKeys`, or `partner.apiKeys` in `createMockService()`).
 * @throws ConfigurationError `createPartnerFake(): \`apiKeys\` must be an array of non-empty strings, ...`.
 */
export function checkApiKeys(apiKeys: unknown, what: string, at = 'apiKeys'): void {
  if (apiKeys === undefined) return;
  if (!Array.isArray(apiKeys) || !apiKeys.every((key) => typeof key === 'string' && key !== ''))
    throw new ConfigurationError(`${what}: \`${at}\` must be an array of non-empty strings, e.g. ['vl_test_api_key']`);
}
