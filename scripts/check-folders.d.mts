// Types of check-folders.mjs (the workspace type-checks TypeScript only).
/** One broken rule: `key` is `file:what` (the form PENDING lists), `message` says what to do. */
export interface FolderViolation {
  readonly key: string;
  readonly message: string;
}
/** Violations still expected while packages are reworked (issue 22); the list only shrinks. */
export declare const PENDING: readonly string[];
/** Checks the folder rule (docs/architecture.md, "Folders") for the published packages under `root`. */
export declare function checkFolders(root: string): FolderViolation[];
