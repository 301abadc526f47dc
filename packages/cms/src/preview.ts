/**
 * `@viewlink/cms/preview`: a server-side reader of drafts and autosaves for previews (Next.js
 * Draft Mode and the like). It reads a post or page as its editor last saved it: the record in
 * the `edit` context, with the newest autosave's title, content and excerpt when that autosave
 * is newer, as WordPress's own preview shows it. It needs an application password of a user who
 * may edit the content, so it runs on the server only: under the `browser` export condition this
 * subpath is a module that throws (preview/browser.ts), and the reader refuses to start where a
 * DOM exists. docs/cms-preview.md is the guide.
 * @packageDocumentation
 */
export * from './preview/draft-preview.js';
