// link-page.tsx: consent (the two-checkbox screen), a Connect button with progress, the linked
// accounts (broken ones re-linked), the watchlist from TanStack Query, and the refresh button.
import { useQuery } from '@tanstack/react-query';
import { useConnect, useConsent, useLinkedAccounts, useRefresh, useViewlink } from '@viewlink/react';
import { watchlistQuery } from '@viewlink/react/query';
import { ConnectCancelledError, ExtensionNotInstalledError } from '@viewlink/web';
import { renderConsentScreen } from '@viewlink/web/consent';
import { useCallback, useEffect, useRef, useState } from 'react';

// The two checkboxes the spec asks for (video privacy; Terms of Use + Privacy Policy), on one screen.
function ConsentScreen({ onAccept }: { onAccept: () => void }) {
  const { consent } = useViewlink(); // kept in the provider's consentStorage from the first render
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const screen = renderConsentScreen(host.current, {
      consent,
      termsUrl: '/terms',
      privacyUrl: '/privacy',
      onAccept,
    });
    return () => screen.destroy();
  }, [consent, onAccept]);
  return <div ref={host} />;
}

function ConnectButton({ service }: { service: string }) {
  const { open, ready, unsupported, status, stage, error } = useConnect(service);
  if (unsupported) return <p>Linking an account works on a computer, in Chrome or Edge.</p>;
  return (
    <>
      <button type="button" disabled={!ready} onClick={() => void open()}>
        {status === 'connecting' ? `Linking… ${stage ?? ''}` : `Link ${service}`}
      </button>
      {error instanceof ExtensionNotInstalledError && <a href={error.installUrl}>Install the Viewlink extension</a>}
      {error instanceof ConnectCancelledError && <p>Linking cancelled.</p>}
    </>
  );
}

export function LinkPage() {
  const consent = useConsent();
  const { accounts, broken, relink, relinking } = useLinkedAccounts();
  const { refresh, inFlight, coolingDown } = useRefresh();
  const watchlist = useQuery(watchlistQuery(useViewlink()));
  // Focus moves to the page that replaces the consent screen (it would fall to <body>).
  const main = useRef<HTMLElement>(null);
  const [justAccepted, setJustAccepted] = useState(false);
  const { reload } = consent;
  const onAccept = useCallback(() => {
    setJustAccepted(true);
    reload();
  }, [reload]);
  useEffect(() => {
    if (justAccepted) main.current?.focus();
  }, [justAccepted]);

  // Until the stored consent is read, render nothing: a returning user would see the screen flash.
  if (consent.loading) return null;
  if (!consent.accepted) return <ConsentScreen onAccept={onAccept} />;
  return (
    <main ref={main} tabIndex={-1} aria-label="Your streaming accounts">
      <ConnectButton service="streamflix" />
      <ul>
        {accounts?.map((account) => (
          <li key={account.id}>
            {account.service}: {account.status}
            {account.broken && (
              <button type="button" disabled={relinking !== undefined} onClick={() => void relink(account)}>
                Sign in again
              </button>
            )}
          </li>
        ))}
      </ul>
      {broken.length > 0 && <p>{broken.length} account(s) need you to sign in again.</p>}
      <button type="button" disabled={inFlight || coolingDown} onClick={() => void refresh()}>
        Refresh my data
      </button>
      <p>{watchlist.data?.categories.length ?? 0} watchlist categories</p>
    </main>
  );
}
