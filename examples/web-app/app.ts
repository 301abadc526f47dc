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

function say(text: string, kind: 'info' | 'error' = 'info') {
  $('message').textContent = text;
  $('message').dataset.kind = kind;
}

/** What to tell the user for each error (docs/web.md lists the same). */
function explain(error: unknown): string {
  if (error instanceof UnsupportedEnvironmentError)
    return error.reason === 'mobile'
      ? 'Linking an account works on a computer, in Chrome or Edge. Everything else works here.'
      : 'Linking an account needs Chrome or Edge on a computer. Please open this page there.';
  if (error instanceof ExtensionNotInstalledError)
    return `Install the Viewlink extension first${error.installUrl ? `: ${error.installUrl}` : ''}, then try again.`;
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
  if (SDK.consent.get()) showLink();
  else
    renderConsentScreen($('consent'), {
      consent: SDK.consent,
      termsUrl: '/terms',
      privacyUrl: '/privacy',
      // The screen then says what comes next by itself (afterAccept: 'confirm', the default).
      onAccept: showLink,
    });

  $('connect').addEventListener('click', async () => {
    const service = $<HTMLSelectElement>('service').value;
    say(`Opening the sign-in for ${service}…`);
    try {
      const linked = await SDK.connect({ service });
      say(`Linked ${linked.service} (${linked.linked_account_id}).`);
      await showWatchlist();
    } catch (error) {
      say(explain(error), 'error');
    }
  });
  $('reload').addEventListener('click', () => {
    showWatchlist().catch((error) => say(explain(error), 'error'));
  });
  $('refresh').addEventListener('click', () => {
    SDK.refresh().then(
      (r) => say(`Refresh requested (${r.status}).`),
      (error) => say(explain(error), 'error'),
    );
  });
  await SDK.accounts();
  await showWatchlist();
}

main().catch((error) => say(explain(error), 'error'));
