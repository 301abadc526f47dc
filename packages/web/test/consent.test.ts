// @vitest-environment happy-dom
import { ConsentRequiredError, createSdk, ValidationError } from '@viewlink/web';
import { describe, expect, it } from 'vitest';
import { BASE, pair, SDK_KEY } from './helpers.js';

const chromeNavigator = { userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0.0.0 Safari/537.36' };

describe('headless consent', () => {
  it('records only when both boxes are ticked, naming what is missing', () => {
    const { consent } = createSdk();
    expect(() => consent.record({ videoPrivacy: true, termsAndPrivacy: false })).toThrow(ConsentRequiredError);
    try {
      consent.record({ videoPrivacy: false, termsAndPrivacy: false });
    } catch (error) {
      expect((error as ConsentRequiredError).missing).toEqual(['video_privacy', 'terms_and_privacy']);
    }
    expect(consent.get()).toBeUndefined();
    const record = consent.record({ videoPrivacy: true, termsAndPrivacy: true, policyVersion: '2026-11' });
    expect(record).toMatchObject({ video_privacy: true, terms_and_privacy: true, policy_version: '2026-11' });
    expect(Date.parse(record.accepted_at)).toBeGreaterThan(0);
    expect(consent.get()).toEqual(record);
    consent.withdraw();
    expect(consent.get()).toBeUndefined();
  });
  it("record refuses a name it does not take (the record's snake_case ones) instead of reporting the consent missing", () => {
    const { consent } = createSdk();
    for (const [input, name] of [
      [{ video_privacy: true, terms_and_privacy: true }, 'video_privacy'],
      [{ videoPrivacy: true, termsAndPrivacy: true, policy_version: '2026-11' }, 'policy_version'],
      [{ videoPrivacy: true, terms: true }, 'terms'],
    ] as const) {
      let error: unknown;
      try {
        consent.record(input as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).not.toBeInstanceOf(ConsentRequiredError);
      expect((error as Error).message).toBe(
        `SDK.consent.record(): ${name} is an unknown option (known: videoPrivacy, termsAndPrivacy, policyVersion)`,
      );
    }
    expect(consent.get()).toBeUndefined();
  });
  it('record refuses a missing input with a typed error naming the expected object', () => {
    const { consent } = createSdk();
    for (const input of [null, undefined, true]) {
      expect(() => consent.record(input as never)).toThrow(ValidationError);
      expect(() => consent.record(input as never)).toThrow(
        /^SDK\.consent\.record\(\): expected an object \{ videoPrivacy, termsAndPrivacy, policyVersion \} \(got /,
      );
    }
    expect(consent.get()).toBeUndefined();
  });
  it('persists in the given storage and ignores tampered records', () => {
    const storage = window.localStorage;
    storage.clear();
    createSdk({ consentStorage: storage }).consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    expect(createSdk({ consentStorage: storage }).consent.get()).toMatchObject({ video_privacy: true });
    storage.setItem('viewlink.consent', JSON.stringify({ video_privacy: true, terms_and_privacy: false }));
    expect(createSdk({ consentStorage: storage }).consent.get()).toBeUndefined();
    storage.setItem('viewlink.consent', '{not json');
    expect(createSdk({ consentStorage: storage }).consent.get()).toBeUndefined();
    createSdk({ consentStorage: storage }).consent.withdraw();
    expect(storage.getItem('viewlink.consent')).toBeNull();
  });
  it('a storage that refuses (full, private browsing) keeps the consent for the page instead of throwing', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const { consent } = createSdk({ consentStorage: refusing });
    const record = consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    expect(consent.get()).toEqual(record);
    consent.withdraw();
    expect(consent.get()).toBeUndefined();
  });
  it('dispose() (the user signed out) forgets the consent held in memory: the next user is asked again', () => {
    const sdk = createSdk({ baseUrl: BASE });
    sdk.initialize(SDK_KEY, pair());
    sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    sdk.dispose();
    sdk.initialize(SDK_KEY, pair());
    expect(sdk.consent.get()).toBeUndefined();
    sdk.dispose();
  });
  it("with a storage, the storage is the truth: another tab's withdrawal (or a new record) holds here at once", () => {
    const storage = window.localStorage;
    storage.clear();
    const here = createSdk({ consentStorage: storage }).consent;
    const elsewhere = createSdk({ consentStorage: storage }).consent;
    here.record({ videoPrivacy: true, termsAndPrivacy: true, policyVersion: '1' });
    expect(here.get()?.policy_version).toBe('1');
    elsewhere.record({ videoPrivacy: true, termsAndPrivacy: true, policyVersion: '2' });
    expect(here.get()?.policy_version).toBe('2');
    elsewhere.withdraw();
    expect(here.get()).toBeUndefined();
  });
  it('connect refuses without both consents, before touching the extension', async () => {
    Object.defineProperty(window.navigator, 'userAgent', { value: chromeNavigator.userAgent, configurable: true });
    const sdk = createSdk({ baseUrl: BASE, handshakeTimeoutMs: 50 });
    sdk.initialize(SDK_KEY, pair());
    const posted: unknown[] = [];
    const listener = (event: MessageEvent) => posted.push(event.data);
    window.addEventListener('message', listener);
    const error = await sdk.connect({ service: 'streamflix' }).catch((e: unknown) => e);
    window.removeEventListener('message', listener);
    expect(error).toBeInstanceOf(ConsentRequiredError);
    expect((error as ConsentRequiredError).missing).toEqual(['video_privacy', 'terms_and_privacy']);
    expect(posted).toEqual([]);
    sdk.dispose();
  });
});
