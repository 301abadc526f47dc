/**
 * `@viewlink/mock/server`: serve a fake on 127.0.0.1 from Node.
 * @packageDocumentation
 */
export * from './node/serve.js';
