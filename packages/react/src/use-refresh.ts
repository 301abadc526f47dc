/** `useRefresh()`: the user's refresh button: gesture-bound, one at a time, then a cooldown. */
import type { RefreshResponse, ServiceIdInput } from '@viewlink/web';
import { useEffect, useState } from 'react';
import { REFRESH_COOLDOWN_MS } from './client.js';
import { useViewlink } from './provider.js';

/** Options of {@link useRefresh}. */
export interface UseRefreshOptions {
  /** Pause after a refresh the service accepted, in ms (15 min, as the partner client's cooldown). */
  readonly cooldownMs?: number;
}

/** What {@link useRefresh} returns. */
export interface UseRefresh {
  /**
   * Asks the service to refresh the user's data (`POST /v1/user/refresh`): call it from the click
   * or key handler itself (in React Native, from `onPress`). Resolves with the answer, or `undefined` when refused (`error`:
   * `UserGestureRequiredError` outside a gesture, `RefreshCooldownError` during the cooldown).
   */
  refresh(input?: { readonly service?: ServiceIdInput }): Promise<RefreshResponse | undefined>;
  /** True while the request runs (disable the button). */
  readonly inFlight: boolean;
  /** True during the cooldown after an accepted refresh (disable the button). */
  readonly coolingDown: boolean;
  /** When the cooldown ends (epoch ms), 0 when none. */
  readonly availableAt: number;
  /** The last accepted refresh: completion reaches your backend by webhook (`UserDataRefreshCompleted`). */
  readonly result: RefreshResponse | undefined;
  /** The typed error of the last attempt. */
  readonly error: Error | undefined;
}

/**
 * The refresh control's state. The cooldown belongs to the SDK instance: a remount keeps it.
 * @param options `cooldownMs`: the pause after an accepted refresh, default {@link REFRESH_COOLDOWN_MS} (15 min).
 * @example
 * ```tsx
 * const { refresh, inFlight, coolingDown } = useRefresh();
 * return <button type="button" disabled={inFlight || coolingDown} onClick={() => void refresh()}>Refresh</button>;
 * ```
 */
export function useRefresh(options: UseRefreshOptions = {}): UseRefresh {
  const { cooldownMs = REFRESH_COOLDOWN_MS } = options;
  const client = useViewlink();
  const [inFlight, setInFlight] = useState(false);
  const [availableAt, setAvailableAt] = useState(0);
  const [result, setResult] = useState<RefreshResponse>();
  const [error, setError] = useState<Error>();
  const [now, setNow] = useState(0);

  useEffect(() => {
    const { running, coolsUntil } = client.refreshState;
    setAvailableAt(coolsUntil);
    setNow(Date.now());
    if (running) {
      setInFlight(true);
      void running.finally(() => setInFlight(false));
    }
  }, [client]);

  // One timer to end the cooldown in the UI.
  useEffect(() => {
    if (availableAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), availableAt - now);
    return () => clearTimeout(timer);
  }, [availableAt, now]);

  return {
    refresh(input) {
      // Synchronous up to the SDK's gesture check: no await before it.
      const running = client.refresh(input, cooldownMs);
      setInFlight(true);
      return running
        .then(
          (answer) => {
            setResult(answer);
            setError(undefined);
            return answer;
          },
          (failure: Error) => {
            setError(failure);
            return undefined;
          },
        )
        .finally(() => {
          setInFlight(false);
          setAvailableAt(client.refreshState.coolsUntil);
          setNow(Date.now());
        });
    },
    inFlight,
    coolingDown: availableAt > now,
    availableAt: availableAt > now ? availableAt : 0,
    result,
    error,
  };
}
