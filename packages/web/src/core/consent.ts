/** Headless consent: record, read and withdraw the end user's two consents. */
import type { ConsentRecord } from '@viewlink/schemas';
import { checkInput, type EveryName } from '../internal/input.js';
import { type ConsentKind, ConsentRequiredError } from './errors.js';
import type { ConsentStorage } from './options.js';

export type { ConsentRecord } from '@viewlink/schemas';

/** What the user ticked, as the consent screen or an app's own UI collects it. */
export interface ConsentInput {
  /** Video-privacy consent checkbox. */
  readonly videoPrivacy: boolean;
  /** Terms of Use + Privacy Policy checkbox (one checkbox for both). */
  readonly termsAndPrivacy: boolean;
  /** Version of the texts shown, when the app versions them. */
  readonly policyVersion?: string;
}

/** The consent API of an SDK instance (`sdk.consent`). */
export interface Consent {
  /**
   * Records the user's consent. Throws {@link ConsentRequiredError} naming what is missing
   * unless both boxes were ticked, and a `ValidationError` for an input that is not an object or
   * holds a name it does not take (the record's `video_privacy`, say), before recording anything.
   * Where the storage refuses to keep it (full, private browsing), the consent holds for the page.
   */
  record(input: ConsentInput): ConsentRecord;
  /** The recorded consent, if any. */
  get(): ConsentRecord | undefined;
  /** Forgets the consent (the user withdrew it); `connect` refuses until it is recorded again. */
  withdraw(): void;
}

const KEY = 'viewlink.consent';

// The names `record()` takes: another (`{ video: true }`) is refused, not read as a missing consent.
const NAMES: EveryName<ConsentInput, ['videoPrivacy', 'termsAndPrivacy', 'policyVersion']> = [
  'videoPrivacy',
  'termsAndPrivacy',
  'policyVersion',
];

/** The consent store of one SDK instance; `forget` drops what it holds in memory (`dispose()`). */
export function createConsent(storage: () => ConsentStorage | undefined): Consent & { forget(): void } {
  // The record in memory only without a storage or where it refused the record (full, private
  // mode); else the storage is the truth, read on every get(): a consent withdrawn or given in
  // another tab holds here too.
  let held: ConsentRecord | undefined;
  return {
    record(input) {
      checkInput(input, NAMES, 'SDK.consent.record()');
      const missing: ConsentKind[] = [];
      if (input.videoPrivacy !== true) missing.push('video_privacy');
      if (input.termsAndPrivacy !== true) missing.push('terms_and_privacy');
      if (missing.length) throw new ConsentRequiredError(missing);
      const record: ConsentRecord = {
        video_privacy: true,
        terms_and_privacy: true,
        accepted_at: new Date().toISOString(),
        ...(input.policyVersion === undefined ? {} : { policy_version: input.policyVersion }),
      };
      held = record;
      try {
        const store = storage();
        store?.setItem(KEY, JSON.stringify(record));
        if (store) held = undefined;
      } catch {
        // Storage refused (full, private mode): the consent holds for this page, as given.
      }
      return record;
    },
    get() {
      if (held) return held;
      try {
        // Checked by hand, not with the ConsentRecord schema: its ISO-date check alone costs ~0.9 kB gzipped.
        const stored = JSON.parse(storage()?.getItem(KEY) ?? 'null') as ConsentRecord | null;
        if (stored?.video_privacy === true && stored.terms_and_privacy === true && Date.parse(stored.accepted_at) > 0)
          return stored;
      } catch {
        // unreadable storage: treat as no consent
      }
    },
    withdraw() {
      held = undefined;
      try {
        storage()?.removeItem(KEY);
      } catch {
        // Storage refused: withdrawn for this page; nothing stored could be read back anyway.
      }
    },
    forget() {
      held = undefined;
    },
  };
}
