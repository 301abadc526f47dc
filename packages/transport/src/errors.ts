/**
 * `@viewlink/transport/errors`: the error tree alone, without ky, for the browser facade.
 * @packageDocumentation
 */
export * from './core/errors.js';
