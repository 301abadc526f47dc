/**
 * `@viewlink/transport/authorize`: the pipeline's authorize stage alone (an {@link AuthStrategy}
 * renewed and replayed once on 401), for the browser facade's size budget. Node clients get it through `createTransport({ auth })` / `request({ auth })`.
 * @packageDocumentation
 */
export {
  type AuthorizeContext,
  type AuthorizedSend,
  type AuthStrategy,
  authorize,
  StrategyFailure,
} from './pipeline/engine.js';
