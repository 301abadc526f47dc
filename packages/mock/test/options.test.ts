/**
 * The fakes and the mock service refuse option names they do not take, and options that are not
 * objects, when they are made: a misspelt `accessTokenTTL` kept the default lifetime without a
 * word, as a client's misspelt option did before it was refused.
 */
import { ConfigurationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { createCmsFake, createMockService, createPartnerFake, DEFAULT_CMS_USERS } from '../src/index.js';
import { serve } from '../src/server.js';

const PARTNER_KNOWN =
  'apiKeys, now, accessTokenTtl, refreshTokenTtl, users, webhookUrl, webhookSecret, webhookScheme, refreshDelayMs, fetch, ' +
  'publicBaseUrl, fileSeed, echoCredentials';
const CMS_KNOWN = 'restRoot, name, users, now, echoCredentials';

/** The ConfigurationError `make` throws, its message checked against `message`. */
function refusal(make: () => unknown, message: string | RegExp): void {
  let thrown: unknown;
  try {
    make();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigurationError);
  if (typeof message === 'string') expect((thrown as Error).message).toBe(message);
  else expect((thrown as Error).message).toMatch(message);
}

describe('fake options', () => {
  it('createPartnerFake() and createCmsFake() name an unknown option and list the known ones', () => {
    refusal(
      () => createPartnerFake({ accessTokenTTL: 60 } as never),
      `createPartnerFake(): accessTokenTTL is an unknown option (known: ${PARTNER_KNOWN})`,
    );
    refusal(
      () => createCmsFake({ restroot: 'https://cms.test/wp-json' } as never),
      `createCmsFake(): restroot is an unknown option (known: ${CMS_KNOWN})`,
    );
  });

  it('createMockService() names its own unknown options and those of each fake where they were written', () => {
    refusal(
      () => createMockService({ partnerOptions: {} } as never),
      'createMockService(): partnerOptions is an unknown option (known: partner, cms)',
    );
    refusal(
      () => createMockService({ partner: { apiKey: 'k' } } as never),
      `createMockService(): partner.apiKey is an unknown option (known: ${PARTNER_KNOWN})`,
    );
    refusal(
      () => createMockService({ cms: { siteName: 'x' } } as never),
      `createMockService(): cms.siteName is an unknown option (known: ${CMS_KNOWN})`,
    );
  });

  it('refuses options that are not objects, and takes none, or the ones it knows', () => {
    refusal(
      () => createPartnerFake(null as never),
      `createPartnerFake(): options must be an object: { ${PARTNER_KNOWN} }`,
    );
    refusal(() => createCmsFake('x' as never), `createCmsFake(): options must be an object: { ${CMS_KNOWN} }`);
    refusal(
      () => createMockService({ partner: 'vl_test_api_key' } as never),
      `createMockService(): \`partner\` must be an object: { ${PARTNER_KNOWN} }`,
    );
    expect(createPartnerFake().pairs.size).toBe(0);
    expect(createCmsFake({ name: 'Site' }).store).toBeDefined();
    expect(createMockService({ partner: { apiKeys: ['k'] }, cms: {} }).partner).toBeDefined();
  });

  it('refuses apiKeys that are not a list of non-empty strings (a string was split into one-letter keys)', async () => {
    refusal(
      () => createPartnerFake({ apiKeys: 'vl_test_api_key' } as never),
      "createPartnerFake(): `apiKeys` must be an array of non-empty strings, e.g. ['vl_test_api_key']",
    );
    refusal(
      () => createPartnerFake({ apiKeys: ['vl_a', ''] }),
      "createPartnerFake(): `apiKeys` must be an array of non-empty strings, e.g. ['vl_test_api_key']",
    );
    refusal(
      () => createMockService({ partner: { apiKeys: 'vl_test_api_key' } } as never),
      "createMockService(): `partner.apiKeys` must be an array of non-empty strings, e.g. ['vl_test_api_key']",
    );
    // Before, the string's letters were the keys: `Bearer v` was accepted and the key itself refused.
    const fake = createPartnerFake({ apiKeys: ['vl_test_api_key'] });
    const issue = (key: string) =>
      fake.handle(
        new Request('http://127.0.0.1:4010/v1/auth/token', {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: '{"user_id":"u"}',
        }),
      );
    expect((await issue('vl_test_api_key')).status).toBe(200);
    expect((await issue('v')).status).toBe(401);
  });

  it('refuses a CMS users seed entry without an id (or another field it needs), naming the entry, before it starts', () => {
    const editor = { username: 'editor', applicationPassword: 'edit appl pass word xxxx', role: 'editor' } as const;
    const users = [...DEFAULT_CMS_USERS, editor];
    const idNeeded = 'must be a positive integer (the WordPress user id, the `author` of what the user creates)';
    // Before, the fake started, and what the editor created had no author.
    refusal(() => createCmsFake({ users } as never), `createCmsFake(): \`users[2].id\` ${idNeeded}`);
    refusal(
      () => createMockService({ cms: { users } } as never),
      `createMockService(): \`cms.users[2].id\` ${idNeeded}`,
    );
    refusal(
      () => createCmsFake({ users: [{ ...editor, id: 1.5 }] } as never),
      `createCmsFake(): \`users[0].id\` ${idNeeded}`,
    );
    refusal(
      () => createCmsFake({ users: [{ ...editor, id: 3, role: 'owner' }] } as never),
      'createCmsFake(): `users[0].role` must be one of administrator, editor, author, subscriber',
    );
    refusal(
      () => createCmsFake({ users: [{ ...editor, id: 3, applicationPassword: undefined }] } as never),
      'createCmsFake(): `users[0].applicationPassword` must be a non-empty string',
    );
    refusal(
      () => createCmsFake({ users: [...DEFAULT_CMS_USERS, { ...editor, id: 2 }] }),
      'createCmsFake(): `users[2].id` 2 is also the id of `users[1]`',
    );
    refusal(
      () => createCmsFake({ users: { admin: editor } } as never),
      /^createCmsFake\(\): `users` must be an array of users: \[\{ id: 3, /,
    );
    // A password's value is never in the message.
    try {
      createCmsFake({ users: [{ ...editor, id: 3, role: 'x' }] } as never);
    } catch (error) {
      expect((error as Error).message).not.toContain(editor.applicationPassword);
    }
    expect(createCmsFake({ users: [...DEFAULT_CMS_USERS, { ...editor, id: 3 }] }).store).toBeDefined();
  });

  it('serve() refuses an option name it does not take before it listens', async () => {
    const service = createMockService();
    const started = serve({ handle: service.handle, hostname: '0.0.0.0' } as never);
    await expect(started).rejects.toBeInstanceOf(ConfigurationError);
    await expect(started).rejects.toThrow(
      'serve(): hostname is an unknown option (known: port, host, handle, refuseMethod)',
    );
  });
});
