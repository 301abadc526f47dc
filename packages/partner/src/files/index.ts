/** Data files: streaming reader of posted initial/delta/user files and delta application. */

export type { DataFileDescriptor, DataRecordKind, WatchlistItem } from '@viewlink/schemas';
export * from './data-files.js';
export * from './delta.js';
export * from './errors.js';
export * from './fetch.js';
export { type ReadDataFileOptions, readDataFile } from './read.js';
export * from './types.js';
