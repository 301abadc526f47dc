/**
 * What `@viewlink/cms/preview` resolves to under the `browser` export condition: a module that
 * throws when loaded (preview/browser.ts). The draft-preview reader holds an application
 * password, so a client bundle must never contain it.
 * @packageDocumentation
 */
export { serverOnly } from './preview/browser.js';
