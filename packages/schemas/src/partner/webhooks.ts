import * as z from 'zod/mini';

const base = { id: z.string(), user_id: z.string(), occurred_at: z.iso.datetime({ offset: true }) };

/** The four webhook event types the spec names. */
export const KNOWN_WEBHOOK_EVENT_TYPES = [
  'UserDataRefreshCompleted',
  'UserFilePosted',
  'InitialFilePosted',
  'DeltaFilePosted',
] as const;

/** A webhook event of a known type. */
export const KnownWebhookEvent = z.discriminatedUnion('type', [
  z.looseObject({ ...base, type: z.literal('UserDataRefreshCompleted') }),
  z.looseObject({ ...base, type: z.literal('UserFilePosted') }),
  z.looseObject({ ...base, type: z.literal('InitialFilePosted') }),
  z.looseObject({ ...base, type: z.literal('DeltaFilePosted') }),
]);
/** An event of a type this SDK does not know yet (parsed, not thrown). */
export const GenericWebhookEvent = z.looseObject({ type: z.string() });
/** Any webhook body: a known event, else a generic one. */
export const PartnerWebhookEvent = z.union([KnownWebhookEvent, GenericWebhookEvent]);
/** Output type of {@link PartnerWebhookEvent}. */
export type PartnerWebhookEvent = z.infer<typeof PartnerWebhookEvent>;
