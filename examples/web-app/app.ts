/**
 * A static page using the browser SDK: consent → connect → watchlist, token renewal through the
 * partner backend, a user-initiated refresh, and a message for every error a user can meet.
 *
 * The partner backend serves this page and two routes (the API Key stays there):
 * - `POST /api/session` → `{ sdk_key, tokens }`: a token pair for the signed-in user (POST /v1/auth/token);
 * - the same route again when the SDK asks for a new pair.
 * Bundle it with `esbuild examples/web-app/app.ts --bundle --format=esm --outfile=.../app.js`.
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
    return error.reason === 'login-failed'
      ? 'Signing in to the streaming service failed. Check your details and try again.'
      : 'The account could not be linked. Please try again later.';
  if (error instanceof UserGestureRequiredError) return 'Press the refresh button to refresh your data.';
  if (error instanceof TokenRenewalError) return 'Your session expired. Please reload the page.';
  if (error instanceof ViewlinkError) return 'Something went wrong. Please try again later.';
  return 'Something went wrong.';
}

async function session(): Promise<{ sdk_key: string; tokens: Parameters<typeof SDK.initialize>[1] }> {
  const response = await fetch('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: config.get('user') ?? 'demo-web-user' }),
  });
  if (!response.ok) throw new Error(`session ${response.status}`);
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
}

async function main() {
  const first = await session();
  SDK.initialize(first.sdk_key, first.tokens, {
    baseUrl: window.location.origin,
    installUrl: config.get('install') ?? 'https://chromewebstore.google.com/detail/viewlink',
  });
  // Renewal: the backend gets a new pair with its API Key; the SDK replays waiting requests.
  SDK.onTokenExpired(async () => {
    const next = await session();
    SDK.initialize(next.sdk_key, next.tokens);
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
      onAccept: (_record) => {
        $('consent').hidden = true;
        showLink();
      },
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
