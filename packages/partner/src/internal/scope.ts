/** What a user-scoped resource needs: the user id and a way to send with that user's pair. */
import type { PartnerRouteKey, PreparedCall, RouteOutput } from './call.js';

/** Sends prepared calls with one user's (renewed when needed) access token. */
export interface UserScope {
  /** The end user. */
  readonly userId: string;
  /** Sends a call with the user's access token (the pipeline renews and replays once on 401). */
  send<K extends PartnerRouteKey>(call: PreparedCall<K>): Promise<RouteOutput<K>>;
}
