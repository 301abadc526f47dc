/** The batch builder (issue 6): typed write operations through /batch/v1. */
export { BATCH_LIMIT, type BatchResult, type BatchWriter, CmsBatch } from './builder.js';
export type * from './types.js';
