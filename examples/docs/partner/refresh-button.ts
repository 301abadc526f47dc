import { RefreshRefusedError } from '@viewlink/partner';
import express, { type Request } from 'express';
import { viewlink } from './create-client.js'; // the client of section 1

declare function currentUserId(req: Request): string; // your session lookup

const app = express();
app.use(express.json());

app.post('/api/viewlink/refresh', async (req, res, next) => {
  try {
    const accepted = await viewlink
      .user(currentUserId(req))
      .refresh({ trigger: 'user-action', service: req.body.service }); // service optional: all accounts
    res.status(202).json(accepted); // { refresh_id, status: 'accepted', services }
  } catch (error) {
    if (error instanceof RefreshRefusedError) res.status(429).json({ retryAfterMs: error.retryAfterMs });
    else next(error);
  }
});
