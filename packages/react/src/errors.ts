/** Errors of the React bindings; they extend the shared `ViewlinkError` tree of `@viewlink/web`. */
import { ViewlinkError } from '@viewlink/web';

/** `useRefresh().refresh()` again within the cooldown after a refresh the service accepted. */
export class RefreshCooldownError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/react:RefreshCooldownError';
  override name = 'RefreshCooldownError';
  /** Milliseconds until a refresh is accepted again. */
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(`A refresh ran moments ago: try again in ${Math.ceil(retryAfterMs / 1000)} s`, 'refresh_cooldown');
    this.retryAfterMs = retryAfterMs;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}
