/** Data files: streaming reader of posted initial/delta/user files and delta application. */
export {};
