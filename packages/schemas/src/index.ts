/**
 * `@viewlink/schemas`: zod 4 (zod/mini) schemas and route tables for the Viewlink Partner API,
 * the extension bridge and the CMS REST interface. The single source of types, runtime
 * validation, mocks, docs and the OpenAPI documents.
 * @packageDocumentation
 */
export * from './bridge/index.js';
export * from './cms/index.js';
export { type CompiledValidator, compiledValidator } from './compiled-validator.js';
// Named types of every schema and route table not exported by its own module (generated).
export type * from './generated/index.js';
export * from './partner/index.js';
export * from './route.js';
