/**
 * What `connect()` does once its checks passed: the extension bridge (handshake, the connect
 * request and its progress) and the check that the service lists the link. Only linking needs it,
 * so `connect()` loads this module on first use (`import()`): bundlers that split (Vite, Next.js,
 * esbuild with splitting) leave it out of a page's first load (docs/decisions/web.md).
 */
import type { ConsentRecord, LinkedAccount } from '@viewlink/schemas';
import { type BridgeSession, type LinkParts, newId, openBridge } from '../internal/bridge.js';
import type { SdkOptions } from './options.js';

/** What the page learns from a successful `connect`: never credentials. */
export interface ConnectResult {
  /** The streaming service linked. */
  readonly service: string;
  /** Id of the linked account (as in `accounts()`); a re-link keeps the account's id. */
  readonly linked_account_id: string;
  /** Its status, e.g. `active` or `syncing`. */
  readonly status: string;
  /** The streaming profile the user chose: the account pulls from it alone. */
  readonly profile_id: string | undefined;
  /** Display name of that profile, when the extension said. */
  readonly profile_name: string | undefined;
  /** True when an account already linked (e.g. broken) was re-linked: same id, history kept. */
  readonly relinked: boolean;
  /** This link session (`lnk_...`): on every `progress` event, on a `ConnectError`, and on the webhooks it causes. */
  readonly link_session_id: string;
}

/** A `progress` event of a `connect` (the SDK's `progress` event). */
interface ConnectProgress {
  readonly service: string;
  readonly stage: string;
  readonly link_session_id: string;
}

/** One link as `connect()` hands it over: its checked input, the instance's options and parts. */
interface LinkRequest extends SdkOptions {
  readonly service: string;
  readonly record: ConsentRecord;
  readonly token: string;
  /** Removes the SDK Key and the access token from extension-provided text. */
  readonly scrub: (text: string) => string;
  /** The instance's `accounts()`, to verify the link. */
  readonly accounts: () => Promise<LinkedAccount[]>;
  /** The entry's error classes and helper (imports would cost the start load a second file). */
  readonly parts: LinkParts;
  /** The instance's events (method syntax: the SDK's typed emitter is assignable). */
  emit(event: 'progress' | 'connected', payload: ConnectProgress | ConnectResult): void;
}

const SDK_NAME = '@viewlink/web';

/** Links `request.service` through the extension; rejects with a typed error saying why not. */
export async function link(request: LinkRequest): Promise<ConnectResult> {
  const { service } = request;
  const { ConnectError } = request.parts;
  const link_session_id = `lnk_${newId()}`;
  let bridge: BridgeSession | undefined;
  try {
    bridge = await openBridge({
      ...request,
      handshakeTimeoutMs: request.handshakeTimeoutMs ?? 1_500,
      sdk: SDK_NAME,
    });
    const linked = await bridge.request(
      'connect',
      { service, consent: request.record, access_token: request.token, link_session_id },
      request.connectTimeoutMs ?? 300_000,
      (p) => request.emit('progress', { service, stage: p.stage, link_session_id }),
    );
    const result: ConnectResult = {
      service: linked.service,
      linked_account_id: linked.linked_account_id,
      status: linked.status,
      profile_id: linked.profile_id,
      profile_name: linked.profile_name,
      relinked: linked.relinked === true,
      link_session_id,
    };
    // The service is the authority: a result it does not list is not a link (forged or stale).
    if (request.verifyLinks !== false) {
      const listed = (await request.accounts()).find((a) => a.id === result.linked_account_id && a.service === service);
      if (!listed) throw new ConnectError('unverified');
    }
    request.emit('connected', result);
    return result;
  } catch (error) {
    if (error instanceof ConnectError) error.linkSessionId = link_session_id;
    throw error;
  } finally {
    bridge?.close();
  }
}
