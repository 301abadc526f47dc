import { errorResponse } from '@viewlink/partner';
import Fastify, { type FastifyRequest } from 'fastify';
import { viewlink } from './create-client.js'; // the client of section 1

declare function currentUserId(request: FastifyRequest): string; // your session lookup

const app = Fastify();

app.post('/api/viewlink/token', async (request) => {
  const pair = await viewlink.user(currentUserId(request)).tokenPair(); // issued on first use
  return pair.toSdkTokens();
});

app.post('/api/viewlink/token/renew', async (request) =>
  (await viewlink.user(currentUserId(request)).renewTokenPair()).toSdkTokens(),
);

// Fastify's default handler would answer the Partner API's status and message: answer these instead.
app.setErrorHandler((error, request, reply) => {
  request.log.error(error); // the details (status, code, request id) stay in your logs
  const { status, body, headers } = errorResponse(error);
  return reply.status(status).headers(headers).send(body);
});
