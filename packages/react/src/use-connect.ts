/** `useConnect(service)`: links a streaming service from a click, with progress, result and typed error. */
import {
  type ConnectResult,
  checkLinkingSupport,
  type LinkingSupport,
  type ServiceIdInput,
  type UnsupportedEnvironmentError,
} from '@viewlink/web';
import { useCallback, useEffect, useState } from 'react';
import { useViewlink } from './provider.js';

/** Where a connect stands. */
export type ConnectStatus = 'idle' | 'connecting' | 'connected' | 'error';

/** What {@link useConnect} returns. */
export interface UseConnect {
  /**
   * Starts linking: call it from a click. Resolves with the result, or `undefined` when it failed
   * (then `error` says why). A second call while one runs joins it: never two connects.
   */
  open(): Promise<ConnectResult | undefined>;
  /**
   * True once mounted in a browser that can link (desktop Chrome, Edge) and no connect runs: show
   * the button. False during the server render and hydration; true again after a remount.
   */
  readonly ready: boolean;
  /** Why linking cannot run here (after mount); `undefined` while unknown or when it can. */
  readonly unsupported: UnsupportedEnvironmentError | undefined;
  /** `idle`, `connecting`, `connected` or `error`. */
  readonly status: ConnectStatus;
  /** The extension's last progress stage while connecting: `login-opened`, `awaiting-mfa`, `awaiting-captcha`, `verifying`. */
  readonly stage: string | undefined;
  /** The linked account, once connected. */
  readonly result: ConnectResult | undefined;
  /** The typed error of the last attempt (`ConnectCancelledError`, `ExtensionNotInstalledError`, ...). */
  readonly error: Error | undefined;
}

interface State {
  status: ConnectStatus;
  stage?: string | undefined;
  result?: ConnectResult | undefined;
  error?: Error | undefined;
}

/**
 * Links `service` through the browser extension. The known service ids complete in the editor,
 * as in `SDK.connect({ service })`; any other id is taken too (a service added after this release).
 * @example
 * ```tsx
 * const { open, ready, status, error } = useConnect('streamflix');
 * return (
 *   <button type="button" disabled={!ready} onClick={() => void open()}>
 *     {status === 'connecting' ? 'Linking…' : error ? 'Try again' : 'Link Streamflix'}
 *   </button>
 * );
 * ```
 */
export function useConnect(service: ServiceIdInput): UseConnect {
  const client = useViewlink();
  const [support, setSupport] = useState<LinkingSupport>();
  const [state, setState] = useState<State>({ status: 'idle' });

  const follow = useCallback(
    (link: Promise<ConnectResult>) => {
      setState({ status: 'connecting' });
      const off = client.sdk.on('progress', (p) => {
        if (p.service === service) setState((s) => ({ ...s, stage: p.stage }));
      });
      return link
        .then(
          (result) => {
            setState({ status: 'connected', result });
            return result;
          },
          (error: Error) => {
            setState({ status: 'error', error });
            return undefined;
          },
        )
        .finally(off);
    },
    [client, service],
  );

  useEffect(() => {
    setSupport(checkLinkingSupport());
    // Remounted while a connect of this service runs: follow it instead of starting another.
    const running = client.connecting(service);
    if (running) void follow(running);
  }, [client, service, follow]);

  return {
    open: () => follow(client.connect(service)),
    ready: support?.supported === true && state.status !== 'connecting',
    unsupported: support && !support.supported ? support.error : undefined,
    status: state.status,
    stage: state.stage,
    result: state.result,
    error: state.error,
  };
}
