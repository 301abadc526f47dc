/** What a user-scoped resource needs: the user id and a way to send with that user's pair. */
import type { PreparedRequest, TransportResponse } from '@viewlink/transport';
import type { PartnerRoutes } from './call.js';

/** Sends prepared calls with one user's (renewed when needed) access token. */
export interface UserScope {
  /** The end user. */
  readonly userId: string;
  /** The partner's route client: `routes.prepare(key, input)` validates a call before anything is sent. */
  readonly routes: PartnerRoutes;
  /**
   * Sends a prepared call with the user's access token (the pipeline renews and replays once on
   * 401): its validated data. `callSite`, the method the user called, leads its errors' messages.
   */
  send<T>(request: PreparedRequest<T>, signal: AbortSignal | undefined, callSite: string): Promise<T>;
  /** {@link send}, answering with the whole response: the data and the request that read it, among the rest. */
  respond<T>(
    request: PreparedRequest<T>,
    signal: AbortSignal | undefined,
    callSite: string,
  ): Promise<TransportResponse<T>>;
}
