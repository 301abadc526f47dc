import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { pure } from '../internal/pure.js';

/**
 * The end user's consent, recorded on the consent screen (or by the app's own UI) and passed
 * to the extension with every `connect`. Both flags are `true` by construction: a record only
 * exists once the user ticked both boxes.
 */
export const ConsentRecord = /* @__PURE__ */ pure(() =>
  z.looseObject({
    video_privacy: described(
      z.literal(true),
      'Video-privacy consent (viewing data may be collected from the linked account).',
    ),
    terms_and_privacy: described(
      z.literal(true),
      "The operator's Terms of Use and Privacy Policy were accepted (one checkbox for both).",
    ),
    accepted_at: described(z.iso.datetime({ offset: true }), 'When the user accepted (ISO 8601, UTC).'),
    policy_version: described(z.optional(z.string()), 'Version of the texts the user saw, when the app versions them.'),
  }),
);
/** Output type of {@link ConsentRecord}. */
export interface ConsentRecord extends T.ConsentRecordFields {}
