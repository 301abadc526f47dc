/** Data files: streaming reader of posted initial/delta/user files and delta application. */

export type { DataFileDescriptor, DataRecordKind, WatchlistItem } from '@viewlink/schemas';
// Named: data-files.ts also holds what `client.files` is built from (its settings, the option
// names `fetch.ts` checks), which would otherwise complete in every import from the package.
export {
  type DataFileCheckpoint,
  type DataFileInput,
  DataFileReader,
  DataFiles,
  type FetchFileOptions,
  type ReadFileOptions,
} from './data-files.js';
export * from './delta.js';
export * from './errors.js';
export * from './fetch.js';
export { type ReadDataFileOptions, readDataFile } from './read.js';
export * from './types.js';
