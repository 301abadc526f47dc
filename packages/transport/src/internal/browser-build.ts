/**
 * Whether this code is the browser build of the package (`dist/browser`, the `browser` export
 * condition; tsup.config.ts defines `VIEWLINK_BROWSER_BUILD` there). Code only Node-like runtimes
 * run sits behind `!BROWSER_BUILD`: tracing on `node:diagnostics_channel` (a browser has none, so
 * every channel is inert there anyway) and the errno details of a failed socket (a browser's fetch
 * reports none). That build folds the constant and drops the code; every other build keeps it.
 */
declare const VIEWLINK_BROWSER_BUILD: boolean | undefined;

/** True in `dist/browser` only (see the module comment). */
export const BROWSER_BUILD: boolean = typeof VIEWLINK_BROWSER_BUILD !== 'undefined';
