/**
 * Configuration errors led by the call that was given the options (`new PartnerClient(): `,
 * `createWebhookHandler(): `): a backend with a CMS client, two receivers and a file job has
 * several `baseUrl`s and `secret`s, and "`baseUrl` must use https" alone does not say whose.
 */
import { ConfigurationError } from '@viewlink/transport';

/**
 * `error` with `callSite` in front of its message when it is a plain ConfigurationError not led
 * by it yet (the transport's checks know no call); anything else as it is.
 */
export function configAtCallSite(error: unknown, callSite: string): unknown {
  if (!(error instanceof ConfigurationError) || error.constructor !== ConfigurationError) return error;
  if (error.message.startsWith(`${callSite}:`)) return error;
  return new ConfigurationError(`${callSite}: ${error.message}`);
}
