/**
 * `@viewlink/transport/errors`: the error tree alone, for the browser facade's size budget.
 * @packageDocumentation
 */
export * from './errors/tree.js';
