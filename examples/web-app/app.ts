/**
 * A static page using the browser SDK: consent → connect → watchlist, token renewal through the
 * partner backend, a user-initiated refresh, and a message for every error a user can meet.
 *
 * The partner backend (examples/partner-backend) serves this page and three routes; the API Key
 * stays there, and the page talks to the Partner API directly with the user's token pair:
 * - `GET /api/viewlink/config` → `{ sdk_key, base_url }`: the SDK key and the Partner API's URL;
 * - `POST /api/viewlink/token` → a token pair for the signed-in user;
 * - `POST /api/viewlink/token/renew` → a renewed pair, when the SDK asks for one.
 * The backend bundles it at start-up (examples/web-app/build.ts).
 */
import {
  ConnectCancelledError,
  ConnectError,
  ConsentRequiredError,
  ExtensionNotInstalledError,
  ExtensionTimeoutError,
  SDK,
  TokenRenewalError,
  UnsupportedEnvironmentError,
  UserGestureRequiredError,
  ViewlinkError,
} from '@viewlink/web';
import { renderConsentScreen } from '@viewlink/web/consent';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const config = new URLSearchParams(window.location.search);

/** A link shown after a message (e.g. where to install the extension). */
interface MessageLink {
  readonly href: string;
  readonly text: string;
}

function say(text: string, kind: 'info' | 'error' = 'info', link?: MessageLink) {
  const message = $('message');
  message.replaceChildren(text);
  if (link) {
    const a = document.createElement('a');
    a.href = link.href;
    a.textContent = link.text;
    message.append(' ', a);
  }
  message.dataset.kind = kind;
}

/** Says what went wrong, with the install link when the extension is missing. */
function sayError(error: unknown) {
  const install =
    error instanceof ExtensionNotInstalledError && error.installUrl
      ? { href: error.installUrl, text: 'Install the Viewlink extension' }
      : undefined;
  say(explain(error), 'error', install);
}

/** What to tell the user for each error (docs/web.md lists the same). */
function explain(error: unknown): string {
  if (error instanceof UnsupportedEnvironmentError)
    return error.reason === 'mobile'
      ? 'Linking an account works on a computer, in Chrome or Edge. Everything else works here.'
      : 'Linking an account needs Chrome or Edge on a computer. Please open this page there.';
  if (error instanceof ExtensionNotInstalledError)
    return 'Linking needs the Viewlink browser extension. Install it, then reload this page.';
  if (error instanceof ConsentRequiredError) return 'Please accept both consents above first.';
  if (error instanceof ConnectCancelledError) return 'Linking cancelled. You can try again whenever you like.';
  if (error instanceof ExtensionTimeoutError) return 'The sign-in took too long. Please try again.';
  if (error instanceof ConnectError)
    return error.reason === 'credentials-rejected'
      ? 'Signing in to the streaming service failed. Check your details and try again.'
      : `The account could not be linked. Please try again later.${error.linkSessionId ? ` (Support reference: ${error.linkSessionId})` : ''}`;
  if (error instanceof UserGestureRequiredError) return 'Press the refresh button to refresh your data.';
  if (error instanceof TokenRenewalError) return 'Your session expired. Please reload the page.';
  if (error instanceof ViewlinkError) return 'Something went wrong. Please try again later.';
  return 'Something went wrong.';
}

/** The backend's public settings for the SDK. */
interface BrowserConfig {
  readonly sdk_key: string;
  readonly base_url: string;
}
type Tokens = Parameters<typeof SDK.initialize>[1];

async function backend<T>(route: string, method: 'GET' | 'POST'): Promise<T> {
  // Sign-in is faked with a header (the backend reads `x-demo-user`): use your own session.
  const response = await fetch(route, { method, headers: { 'x-demo-user': config.get('user') ?? 'demo-web-user' } });
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
  return response.json();
}

async function showWatchlist() {
  const list = await SDK.watchlist();
  const root = $('watchlist');
  root.replaceChildren(
    ...list.categories.map((category) => {
      const section = document.createElement('section');
      const title = document.createElement('h3');
      title.textContent = category.kind.replace('_', ' ');
      const items = document.createElement('ul');
      for (const t of category.titles) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = t.watch_now_url;
        a.textContent = t.name;
        li.append(a);
        items.append(li);
      }
      section.append(title, items);
      return section;
    }),
  );
  // Counts successful loads (the demo waits on it; users see only the list).
  root.dataset.loads = String(Number(root.dataset.loads ?? 0) + 1);
}

async function main() {
  const [settings, tokens] = await Promise.all([
    backend<BrowserConfig>('/api/viewlink/config', 'GET'),
    backend<Tokens>('/api/viewlink/token', 'POST'),
  ]);
  SDK.initialize(settings.sdk_key, tokens, {
    baseUrl: settings.base_url,
    installUrl: config.get('install') ?? 'https://chromewebstore.google.com/detail/viewlink',
  });
  // Renewal: the backend gets a new pair with its API Key; the SDK replays waiting requests.
  SDK.onTokenExpired(async () => {
    SDK.initialize(settings.sdk_key, await backend<Tokens>('/api/viewlink/token/renew', 'POST'));
  });
  SDK.on('broken', (account) => say(`Your ${account.service} account needs you to sign in again.`, 'error'));
  SDK.on('progress', ({ stage }) => stage === 'awaiting-mfa' && say('Enter the code in the extension window…'));

  const showLink = () => {
    $('link').hidden = false;
  };
  // Where linking cannot work (a phone, Safari...), the screen says so instead of asking, and
  // onAccept never runs: the Connect controls stay hidden.
  const consentScreen = SDK.consent.get()
    ? undefined
    : renderConsentScreen($('consent'), {
        consent: SDK.consent,
        termsUrl: './terms.html',
        privacyUrl: './privacy.html',
        // The screen confirms by itself (afterAccept: 'confirm', the default) and keeps the focus.
        onAccept: showLink,
      });
  if (!consentScreen) showLink();

  let linking = false;
  const connect = $<HTMLButtonElement>('connect');
  const busy = (on: boolean) => {
    linking = on;
    $('link').setAttribute('aria-busy', String(on));
    // aria-disabled, not disabled: the button keeps the focus while the extension works.
    connect.setAttribute('aria-disabled', String(on));
    connect.textContent = on ? 'Linking…' : 'Connect';
  };
  connect.addEventListener('click', async () => {
    if (linking) return;
    const select = $<HTMLSelectElement>('service');
    const service = select.value;
    busy(true);
    say(`Opening the sign-in for ${select.selectedOptions[0]?.textContent ?? service}…`);
    const linked = await SDK.connect({ service }).catch(sayError);
    busy(false);
    if (!linked) return;
    say(`Linked ${linked.service} (${linked.linked_account_id}).`);
    // The consent confirmation has served its purpose once an account is linked.
    consentScreen?.destroy();
    await showWatchlist().catch(sayError);
  });
  $('reload').addEventListener('click', () => {
    showWatchlist().catch(sayError);
  });
  $('refresh').addEventListener('click', () => {
    SDK.refresh().then((r) => say(`Refresh requested (${r.status}).`), sayError);
  });
  await SDK.accounts();
  await showWatchlist();
}

main().catch(sayError);
