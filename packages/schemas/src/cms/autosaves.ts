/** Autosaves: same record shape as revisions of the owning type. */

import type * as T from '../generated/types.js';
import { revisionRecord } from './revisions.js';

/** An autosave of a post, page, menu item or block (revision-shaped). */
export const autosaveRecord = revisionRecord;
/** Type of an autosave record. */
export type AutosaveRecord = T.Revision;
