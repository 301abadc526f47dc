/**
 * Service worker of the test extension: the extension side of the bridge protocol, validated
 * with the same `@viewlink/schemas` messages the SDK uses. Serves both transports: ports from
 * the content script (`onConnect`) and from the page itself (`onConnectExternal`).
 *
 * Linking records the account in the mock service: a real extension would talk to the
 * service with the user's access token; the fake has no "who am I" route, so the fixture
 * server answers `GET /__test/whoami` and the link goes through the fake's control route
 * `POST /__mock/users/{user_id}/accounts`. Both live at the page's origin, or at `SERVICE_URL`
 * when the build sets it (the demo's page is served by the partner backend, not by the fake).
 *
 * Link sessions and faults: the link goes to the service with the SDK's `link_session_id` and the
 * profile the user picked, so the account and its webhooks carry both. At each step (handshake,
 * login-opened, awaiting-mfa, choosing-profile, verifying) the extension asks the fake for an
 * injected link fault (`POST /__mock/link-faults/take`) and, if one is set, fails there with its
 * reason: at `handshake` it stays silent, as a missing extension would.
 */
import {
  BRIDGE_CHANNEL,
  BRIDGE_PROTOCOL_VERSIONS,
  BridgeConnectRequest,
  BridgeHello,
  negotiateBridgeVersion,
  PageToExtensionMessage,
} from '@viewlink/schemas';

interface Pending {
  readonly reply: (type: string, fields?: object) => void;
  readonly service: string;
  readonly accessToken: string;
  readonly origin: string;
  readonly linkSessionId: string | undefined;
  tabId?: number;
}
/** The profile the user picked on the login page (a user with one profile picks none). */
interface Profile {
  readonly id: string;
  readonly name: string;
}
const pending = new Map<string, Pending>();

/** Set by build.ts (esbuild `define`); empty: the page's origin. */
declare const SERVICE_URL: string;

// Services the fixture treats specially.
const UNSUPPORTED = 'unsupported-svc';

function settle(requestId: string): Pending | undefined {
  const entry = pending.get(requestId);
  pending.delete(requestId);
  if (entry?.tabId !== undefined) void chrome.tabs.remove(entry.tabId).catch(() => {});
  return entry;
}

/** The fault injected for `step`, if any (the fake's sandbox; a real extension has none). */
async function faultAt(origin: string, step: string): Promise<{ reason: string; message?: string } | undefined> {
  try {
    const response = await fetch(`${SERVICE_URL || origin}/__mock/link-faults/take`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ step }),
    });
    if (!response.ok) return undefined;
    return ((await response.json()) as { fault: { reason: string; message?: string } | null }).fault ?? undefined;
  } catch {
    return undefined;
  }
}

/** False when the service's catalog entry says it takes no new links now (`PUT /__mock/services/{service}`). */
async function linkAvailable(origin: string, service: string): Promise<boolean> {
  try {
    const response = await fetch(`${SERVICE_URL || origin}/v1/services`);
    const { services } = (await response.json()) as { services: Array<{ id: string; link_available: boolean }> };
    return services.find((entry) => entry.id === service)?.link_available !== false;
  } catch {
    return true;
  }
}

/** Fails the login at `step` when a fault is injected there; true when it did. */
async function failedAt(requestId: string, entry: Pending, step: string): Promise<boolean> {
  const fault = await faultAt(entry.origin, step);
  if (!fault) return false;
  settle(requestId);
  entry.reply('error', { code: fault.reason, message: fault.message ?? `injected at ${step}` });
  return true;
}

async function recordLink(
  entry: Pending,
  profile: Profile | undefined,
): Promise<{ id: string; status: string; profile_id: string; profile_name?: string; relinked: boolean }> {
  const service = SERVICE_URL || entry.origin;
  const who = await fetch(`${service}/__test/whoami`, {
    headers: { authorization: `Bearer ${entry.accessToken}` },
  });
  if (!who.ok) throw new Error(`whoami ${who.status}`);
  const { user_id } = (await who.json()) as { user_id: string };
  const linked = await fetch(`${service}/__mock/users/${encodeURIComponent(user_id)}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      service: entry.service,
      status: 'active',
      ...(profile && { profile_id: profile.id, profile_name: profile.name }),
      ...(entry.linkSessionId && { link_session_id: entry.linkSessionId }),
    }),
  });
  if (!linked.ok) throw new Error(`link ${linked.status}`);
  return (await linked.json()) as {
    id: string;
    status: string;
    profile_id: string;
    profile_name?: string;
    relinked: boolean;
  };
}

function onPort(port: ChromePort): void {
  if (port.name !== BRIDGE_CHANNEL) return;
  const sender = port.sender;
  const origin = sender?.origin ?? new URL(sender?.url ?? 'http://invalid').origin;
  let version = 0;
  const mine = new Set<string>();
  port.onMessage.addListener(async (raw) => {
    const parsed = PageToExtensionMessage.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    const reply = (type: string, fields: object = {}) =>
      port.postMessage({
        channel: BRIDGE_CHANNEL,
        version: version || BRIDGE_PROTOCOL_VERSIONS[0],
        request_id: message.request_id,
        type,
        ...fields,
      });
    if (message.type === 'hello') {
      if (await faultAt(origin, 'handshake')) return; // looks not installed
      const hello = BridgeHello.safeParse(raw);
      const selected = hello.success
        ? negotiateBridgeVersion(BRIDGE_PROTOCOL_VERSIONS, hello.data.supported_versions)
        : undefined;
      if (selected === undefined)
        return reply('error', { code: 'unsupported-version', supported_versions: [...BRIDGE_PROTOCOL_VERSIONS] });
      version = selected;
      return reply('hello-ack', {
        selected_version: selected,
        supported_versions: [...BRIDGE_PROTOCOL_VERSIONS],
        extension_version: '1.0.0',
      });
    }
    if (!version) return; // no session yet
    if (message.type === 'cancel') {
      settle(message.request_id);
      return;
    }
    if (message.type !== 'connect') return; // unknown request types are ignored
    const connect = BridgeConnectRequest.safeParse(raw);
    if (!connect.success) {
      const consentIssue = connect.error.issues.some((i) => i.path[0] === 'consent');
      return reply('error', {
        code: consentIssue ? 'consent-missing' : 'internal',
        message: 'invalid connect request',
      });
    }
    if (connect.data.service === UNSUPPORTED) return reply('error', { code: 'unsupported-service' });
    if (!(await linkAvailable(origin, connect.data.service)))
      return reply('error', { code: 'service-unavailable', message: 'the service takes no new links now' });
    // No await between this check and `pending.set`: two connects at once cannot both pass.
    if (pending.size > 0) return reply('error', { code: 'busy', message: 'another login is open' });
    const entry: Pending = {
      reply,
      service: connect.data.service,
      accessToken: connect.data.access_token,
      origin,
      linkSessionId: connect.data.link_session_id,
    };
    pending.set(message.request_id, entry);
    mine.add(message.request_id);
    const url = chrome.runtime.getURL(
      `login.html?request=${encodeURIComponent(message.request_id)}&service=${encodeURIComponent(entry.service)}`,
    );
    const tab = await chrome.tabs.create({ url });
    if (pending.get(message.request_id) === entry && tab.id !== undefined) entry.tabId = tab.id;
    reply('progress', { stage: 'login-opened' });
    await failedAt(message.request_id, entry, 'login-opened');
  });
  // The page went away: close its logins.
  port.onDisconnect.addListener(() => {
    for (const id of mine) settle(id);
  });
}

chrome.runtime.onConnect.addListener(onPort);
chrome.runtime.onConnectExternal.addListener(onPort);

// Messages from the login page (extension origin only).
chrome.runtime.onMessage.addListener(async (raw, sender) => {
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL('login.html'))) return;
  const message = raw as { request_id: string; kind: string; stage?: string; outcome?: string; profile?: Profile };
  const entry = pending.get(message.request_id);
  if (!entry) return;
  if (message.kind === 'login-step' && message.stage) {
    entry.reply('progress', { stage: message.stage });
    await failedAt(message.request_id, entry, message.stage);
    return;
  }
  if (message.kind !== 'login-done') return;
  if (message.outcome === 'cancelled') {
    settle(message.request_id);
    return entry.reply('error', { code: 'user-cancelled' });
  }
  if (message.outcome !== 'ok') {
    settle(message.request_id);
    return entry.reply('error', { code: 'login-failed', message: 'sign-in failed' });
  }
  // The login tab closes at once, as before faults existed; the verifying fault is read after.
  settle(message.request_id);
  entry.reply('progress', { stage: 'verifying' });
  const fault = await faultAt(entry.origin, 'verifying');
  if (fault) return entry.reply('error', { code: fault.reason, message: fault.message ?? 'injected at verifying' });
  recordLink(entry, message.profile).then(
    (account) =>
      entry.reply('connect-result', {
        service: entry.service,
        linked_account_id: account.id,
        status: account.status,
        profile_id: account.profile_id,
        ...(account.profile_name !== undefined && { profile_name: account.profile_name }),
        relinked: account.relinked,
      }),
    (error: unknown) => entry.reply('error', { code: 'internal', message: String(error) }),
  );
});

// The user closed the login tab.
chrome.tabs.onRemoved.addListener((tabId) => {
  for (const [id, entry] of pending) {
    if (entry.tabId !== tabId) continue;
    pending.delete(id);
    entry.reply('error', { code: 'user-closed' });
  }
});
