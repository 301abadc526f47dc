/**
 * What `@viewlink/cms/preview` is under the `browser` export condition: a module that throws when
 * loaded. The draft-preview reader holds an application password, so a client bundle must never
 * contain it; a bundler that puts this subpath in a browser build gets this instead.
 */

function refuse(): never {
  throw new Error(
    '@viewlink/cms/preview is server-only: it reads drafts with an application password, which must never reach a browser. Import it from server code (a route handler, a server component).',
  );
}

/** Never a value: loading this module throws (the draft-preview reader is server-only). */
export const serverOnly: never = refuse();
