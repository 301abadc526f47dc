/** `useLinkedAccounts()`: the user's linked accounts, the broken ones flagged, and a re-link action. */
import type { ConnectResult, LinkedAccount } from '@viewlink/web';
import { useCallback, useEffect, useState } from 'react';
import { viewlinkKeys } from './keys.js';
import { useViewlink } from './provider.js';

/** A linked account as {@link useLinkedAccounts} lists it. */
export type LinkedAccountView = LinkedAccount & {
  /** True when the account is `broken`: the user must sign in again (`relink(account)`). */
  readonly broken: boolean;
};

/** What {@link useLinkedAccounts} returns. */
export interface UseLinkedAccounts {
  /** The linked accounts (`GET /v1/user/accounts`); `undefined` until the first answer. */
  readonly accounts: readonly LinkedAccountView[] | undefined;
  /** The broken ones, to prompt a re-link. */
  readonly broken: readonly LinkedAccountView[];
  /** True while a load runs. */
  readonly loading: boolean;
  /** The typed error of the last load. */
  readonly error: Error | undefined;
  /** Loads the list again. */
  reload(): Promise<void>;
  /**
   * Signs in to the account's service again (a `connect` of its service, from a click). The list
   * reloads once it is linked. Resolves with the result, or `undefined` when it failed (`relinkError`).
   */
  relink(account: Pick<LinkedAccount, 'service'>): Promise<ConnectResult | undefined>;
  /** The service being re-linked, if any. */
  readonly relinking: string | undefined;
  /** The typed error of the last re-link (`ConnectCancelledError`, ...). */
  readonly relinkError: Error | undefined;
}

/** Loads the linked accounts after mount, and again after every connect or refresh. */
export function useLinkedAccounts(): UseLinkedAccounts {
  const client = useViewlink();
  const [accounts, setAccounts] = useState<LinkedAccountView[]>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error>();
  const [relinking, setRelinking] = useState<string>();
  const [relinkError, setRelinkError] = useState<Error>();

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const list = await (await client.ready()).accounts();
      setAccounts(list.map((account) => ({ ...account, broken: account.status === 'broken' })));
      setError(undefined);
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setLoading(false);
    }
  }, [client]);

  useEffect(() => {
    void reload();
    return client.subscribe((change) => {
      if (change === viewlinkKeys.accounts) void reload();
    });
  }, [client, reload]);

  return {
    accounts,
    broken: accounts?.filter((a) => a.broken) ?? [],
    loading,
    error,
    reload,
    async relink(account) {
      setRelinking(account.service);
      setRelinkError(undefined);
      try {
        return await client.connect(account.service);
      } catch (failure) {
        setRelinkError(failure as Error);
        return undefined;
      } finally {
        setRelinking(undefined);
      }
    },
    relinking,
    relinkError,
  };
}
