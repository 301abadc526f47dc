// A backend route that turns the error tree into answers for the app.
import {
  APIError,
  ConflictError,
  ConnectionError,
  HistoryLimitError,
  InternalServerError,
  type PartnerClient,
  RefreshRefusedError,
  TimeoutError,
  TokenRenewalError,
  ValidationError,
  ViewlinkError,
} from '@viewlink/partner';
import express, { type Request } from 'express';

declare const viewlink: PartnerClient;
declare function currentUserId(req: Request): string;

const app = express();
app.post('/api/viewlink/refresh', express.json(), async (req, res) => {
  try {
    const accepted = await viewlink.user(currentUserId(req)).refresh({ trigger: 'user-action' });
    res.status(202).json(accepted);
  } catch (error) {
    res.status(statusFor(error)).json(error instanceof ViewlinkError ? { code: error.code } : {});
    if (!(error instanceof ViewlinkError)) console.error(error);
  }
});

/** What the app should hear. Every case is a class of the tree; `code` says more. */
function statusFor(error: unknown): number {
  if (error instanceof RefreshRefusedError) return 429; // error.retryAfterMs: tell the user when
  if (error instanceof ValidationError) return 400; // a bug in the call (UserActionRequiredError too)
  if (error instanceof ConflictError) return 409; // e.g. code 'account_broken': ask to reconnect
  if (error instanceof TokenRenewalError) return 401; // issue a new pair (token lifecycle guide)
  if (error instanceof HistoryLimitError) return 500; // use history.pages() instead of all()
  if (error instanceof InternalServerError || error instanceof ConnectionError || error instanceof TimeoutError) {
    return 503; // reads were retried already: try again later
  }
  if (error instanceof APIError) return 502; // error.status, error.code, error.requestId for support
  return 500;
}
