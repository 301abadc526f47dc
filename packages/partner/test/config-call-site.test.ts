// Configuration errors name the call that was given the options, the transport's checks (base
// URL, timeouts) included: a backend holding several clients, receivers and file jobs learns whose
// `baseUrl` or `secret` is wrong (issue-free walk of the partner docs).
import { ConfigurationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import {
  createNodeWebhookHandler,
  createWebhookHandler,
  createWebhookVerifier,
  fetchDataFile,
  PartnerClient,
  verifyWebhook,
} from '../src/index.js';

const API_KEY = 'vl_secret_key_for_call_site';

/** The ConfigurationError `act` throws or rejects with. */
async function configErrorOf(act: () => unknown): Promise<ConfigurationError> {
  try {
    await act();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).not.toContain(API_KEY);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('new PartnerClient(): every refusal names the constructor', () => {
  it.each([
    [{ apiKey: API_KEY, baseUrl: 'http://api.example.com' }, 'new PartnerClient(): `baseUrl` must use https'],
    [{ apiKey: API_KEY, baseUrl: undefined }, 'new PartnerClient(): `baseUrl` must be a URL string, got nothing'],
    [{ apiKey: API_KEY, baseUrl: 'api.example.com' }, 'new PartnerClient(): `baseUrl` is not a valid absolute URL'],
    [{ apiKey: undefined, baseUrl: 'https://api.example.com' }, 'new PartnerClient(): `apiKey` is required'],
    [{ apiKey: API_KEY, baseUrl: 'https://api.example.com', timeout: -1 }, 'new PartnerClient(): `timeout` must be'],
    [{ apiKey: API_KEY, baseUrl: 'https://api.example.com', validation: 'loose' }, 'new PartnerClient(): `validation`'],
    [
      { apiKey: API_KEY, baseUrl: 'https://api.example.com', refresh: { cooldownMs: -1 } },
      'new PartnerClient(): `refresh.cooldownMs` must be',
    ],
  ])('$1', async (options, start) => {
    const error = await configErrorOf(() => new PartnerClient(options as never));
    expect(error.message.startsWith(start)).toBe(true);
  });

  it('says it once, where the check named it already', async () => {
    const error = await configErrorOf(
      () => new PartnerClient({ apiKey: API_KEY, baseUrl: 'https://api.example.com', timout: 5 } as never),
    );
    expect(error.message).toMatch(/^new PartnerClient\(\): timout is an unknown option/);
    expect((await configErrorOf(() => new PartnerClient(null as never))).message).toBe(
      'new PartnerClient(): options must be an object: { apiKey, baseUrl }',
    );
  });
});

describe('webhook receivers and verifiers name themselves', () => {
  const noSecret = { secret: process.env.VIEWLINK_UNSET_SECRET_FOR_TEST as string, on: {} };
  it.each([
    ['createWebhookHandler()', () => createWebhookHandler(noSecret)],
    ['createNodeWebhookHandler()', () => createNodeWebhookHandler(noSecret)],
    ['createWebhookVerifier()', () => createWebhookVerifier({ secret: '' })],
    ['verifyWebhook()', () => verifyWebhook({ body: '{}', headers: {} }, { secret: '' })],
  ])('%s: no secret configured', async (call, act) => {
    const error = await configErrorOf(act);
    expect(error.message.startsWith(`${call}: No webhook signature secret configured`)).toBe(true);
  });

  it('a secret list with a blank entry, or a secret of another kind, is named as such, not as "no secret"', async () => {
    // [process.env.NEW, process.env.OLD] with OLD unset: one secret is configured, one is missing.
    expect(
      (await configErrorOf(() => createWebhookHandler({ secret: ['s1', undefined as never], on: {} }))).message,
    ).toBe(
      'createWebhookHandler(): `secret[1]` is missing or blank (an unset environment variable?): every secret in the list must be a non-empty string; leave out the ones you do not use',
    );
    expect((await configErrorOf(() => createNodeWebhookHandler({ secret: 5 as never, on: {} }))).message).toBe(
      'createNodeWebhookHandler(): `secret` must be a string, an array of strings (during rotation) or false, got number',
    );
    // Every entry missing: no secret at all.
    expect(
      (await configErrorOf(() => createWebhookHandler({ secret: [undefined, ''] as never, on: {} }))).message,
    ).toMatch(/^createWebhookHandler\(\): No webhook signature secret configured/);
  });

  it('a bad scheme, at the receiver', async () => {
    const error = await configErrorOf(() => createWebhookHandler({ secret: 's', scheme: 'md5' as never, on: {} }));
    expect(error.message).toBe("createWebhookHandler(): `scheme` must be 'secret' or 'hmac-sha256'");
  });
});

describe('fetchDataFile(): the configuration named at the call', () => {
  const file = { id: 'file_1', format: 'ndjson', compression: 'none' } as const;
  it.each([
    [{ apiKey: '', baseUrl: 'https://api.example.com' }, 'fetchDataFile(): `apiKey` is required to fetch a data file'],
    [{ apiKey: API_KEY, baseUrl: 'http://api.example.com' }, 'fetchDataFile(): `baseUrl` must use https'],
  ])('$1', async (options, start) => {
    const error = await configErrorOf(() => fetchDataFile(file as never, options));
    expect(error.message.startsWith(start)).toBe(true);
  });
});
