/** The typed error of every store in this package. */
import { ViewlinkError } from '@viewlink/partner';

/**
 * Redis (or the key-value store) failed or did not answer in time. The client's own error is
 * the `cause`; the message names the operation and never a token. Reads fail with it while the
 * server is down; nothing is lost in the store.
 */
export class SharedStoreError extends ViewlinkError {
  /**
   * The name that identifies this class in every copy of the package (the ESM and CJS builds,
   * two installed versions): `instanceof` and `isViewlinkError` compare brands, not prototypes.
   */
  static override readonly viewlinkBrand: string = '@viewlink/redis:SharedStoreError';
  override name = 'SharedStoreError';
  /** The store operation that failed, e.g. `token-store.get`. */
  readonly operation: string;

  constructor(operation: string, cause: unknown, detail?: string) {
    super(
      `The shared store failed during ${operation}${detail ? ` (${detail})` : ''}: check that Redis is reachable (see cause)`,
      'shared_store_failed',
      { cause },
    );
    this.operation = operation;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operation: this.operation };
  }
}
