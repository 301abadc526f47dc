/**
 * What `@viewlink/cms/preview` resolves to under the `browser` export condition: a module that
 * throws when loaded. The draft-preview reader holds an application password, so a client bundle
 * must never contain it; a bundler that puts this subpath in a browser build gets this instead.
 */
throw new Error(
  '@viewlink/cms/preview is server-only: it reads drafts with an application password, which must never reach a browser. Import it from server code (a route handler, a server component).',
);

export {};
