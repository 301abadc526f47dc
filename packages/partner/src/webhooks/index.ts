/** Webhooks: verification, parsing, receivers for Web-standard and Node servers, test signing. */

export type {
  DeltaFilePosted,
  InitialFilePosted,
  KnownWebhookEvent,
  KnownWebhookEventType,
  LinkedAccountBroken,
  LinkedAccountDisconnected,
  LinkedAccountRepaired,
  UserDataRefreshCompleted,
  UserFilePosted,
} from '@viewlink/schemas';
export * from './dedupe.js';
// Named: the errors module also holds RAW_BODY_HELP, the receivers' message text, not an API.
export {
  WebhookBodyError,
  type WebhookBodyReason,
  WebhookConfigError,
  type WebhookConfigReason,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './errors.js';
export * from './parse.js';
export * from './receivers/node.js';
export type { WebhookCallbacks, WebhookHandlerOptions } from './receivers/shared.js';
export * from './receivers/web.js';
export * from './sign.js';
export {
  createWebhookVerifier,
  type HeadersLike,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookBody,
  type WebhookInput,
  type WebhookSignatureScheme,
  type WebhookVerifier,
} from './verify.js';
