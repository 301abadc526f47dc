/** `useConsent()`: the user's two consents, recorded and withdrawn through the SDK. */
import type { ConsentInput, ConsentRecord } from '@viewlink/web';
import { useCallback, useEffect, useState } from 'react';
import { useViewlink } from './provider.js';

/** What {@link useConsent} returns. */
export interface UseConsent {
  /** The recorded consent; `undefined` before it is given, and during the server render. */
  readonly record: ConsentRecord | undefined;
  /** True once both consents are recorded: `connect` can run. */
  readonly accepted: boolean;
  /**
   * True until the stored consent has been read (after mount, and during the server render):
   * render nothing consent-dependent yet, or a user who accepted earlier sees the consent screen flash.
   */
  readonly loading: boolean;
  /** Records the consent; throws `ConsentRequiredError` (`missing`) unless both boxes were ticked. */
  accept(input: ConsentInput): ConsentRecord;
  /** Forgets the consent; `connect` refuses until it is given again. */
  withdraw(): void;
  /** Reads the consent again (after the ready-made consent screen recorded it, say). */
  reload(): void;
}

/** The consent state, shared by every component that uses it. Read after mount (storage is the browser's). */
export function useConsent(): UseConsent {
  const client = useViewlink();
  // `undefined` until read: storage is the browser's, read after mount (the server render has none).
  const [read, setRead] = useState<{ record: ConsentRecord | undefined }>();
  const reload = useCallback(() => setRead({ record: client.consent.get() }), [client]);
  const record = read?.record;

  useEffect(() => {
    reload();
    const off = client.subscribe((change) => change === 'consent' && reload());
    // Given or withdrawn in another tab (a `consentStorage` such as localStorage): shown here too.
    // (React Native has no window events.)
    globalThis.addEventListener?.('storage', reload);
    return () => {
      off();
      globalThis.removeEventListener?.('storage', reload);
    };
  }, [client, reload]);

  return {
    record,
    accepted: record !== undefined,
    loading: read === undefined,
    accept(input) {
      const recorded = client.consent.record(input);
      client.changed('consent');
      return recorded;
    },
    withdraw() {
      client.consent.withdraw();
      client.changed('consent');
    },
    reload,
  };
}
