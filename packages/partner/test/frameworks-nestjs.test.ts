/**
 * A partner backend on real NestJS 11 on 127.0.0.1, on each of Nest's HTTP platforms (the default
 * Express one and Fastify through FastifyAdapter), wired as
 * docs/partner.md and docs/partner-webhooks.md say: the token route answering a pair from the
 * mock Partner API over HTTP, an SDK error through errorResponse() in an exception filter, and
 * the webhook receiver reading the bytes `rawBody: true` keeps. Nest's decorators are applied as
 * the functions they are, so the test needs no decorator compiler settings.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import {
  type ArgumentsHost,
  Catch,
  Controller,
  type ExceptionFilter,
  type INestApplication,
  Module,
  type NestApplicationOptions,
  Post,
  Req,
  Res,
  type Type,
} from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { describe, expect, it } from 'vitest';
import { errorResponse, PartnerClient } from '../src/index.js';
import { createNodeWebhookHandler } from '../src/webhooks/index.js';
import { deliver, expectTamperedRefused, frameworkHarness, SECRET } from './webhooks-helpers.js';

const API_KEY = 'vl_live_NESTJS_KEY_do_not_leak_53';
const harness = frameworkHarness<INestApplication>(API_KEY);

/** Applies a method decorator to `Class.prototype[name]`, as `@decorator` on the method would. */
function decorate(Class: { prototype: object }, name: string, ...decorators: MethodDecorator[]): void {
  const descriptor = Object.getOwnPropertyDescriptor(Class.prototype, name) as PropertyDescriptor;
  for (const decorator of decorators) decorator(Class.prototype, name, descriptor);
}

/**
 * The exception filter of docs/partner.md section 7: every error becomes errorResponse()'s answer,
 * written through Nest's HTTP adapter (Express's `res.set().json()` is not on Fastify's reply).
 */
class ViewlinkErrorFilter implements ExceptionFilter {
  constructor(private readonly adapterHost: HttpAdapterHost) {}
  catch(error: unknown, host: ArgumentsHost): void {
    const { status, body, headers } = errorResponse(error);
    const { httpAdapter } = this.adapterHost;
    const response = host.switchToHttp().getResponse();
    for (const [name, value] of Object.entries(headers)) httpAdapter.setHeader(response, name, value);
    httpAdapter.reply(response, body, status);
  }
}
Catch()(ViewlinkErrorFilter);

/** Nest's two HTTP platforms; every scenario below runs on each. */
const platforms = [
  { name: 'Express', create: (module: Type, options: NestApplicationOptions) => NestFactory.create(module, options) },
  {
    name: 'Fastify',
    create: (module: Type, options: NestApplicationOptions) =>
      NestFactory.create(module, new FastifyAdapter(), options),
  },
] as const;

type Platform = (typeof platforms)[number];

interface AppOptions {
  readonly platform: Platform;
  readonly client: PartnerClient;
  readonly received?: string[];
  readonly rawBody: boolean;
  readonly filter: boolean;
}

/** A Nest app with the token route and the webhook route, listening on 127.0.0.1; its base URL. */
async function start(options: AppOptions): Promise<string> {
  const webhooks = createNodeWebhookHandler({
    secret: SECRET,
    scheme: 'hmac-sha256',
    trustProxy: true,
    on: { InitialFilePosted: (e) => void options.received?.push(e.file.id) },
  });
  class ViewlinkController {
    async token() {
      return (await options.client.user('u-42').tokenPair()).toSdkTokens();
    }
    // Express's req/res, or Fastify's request/reply: the receiver takes either as Nest passes them.
    async webhook(...[req, res]: Parameters<typeof webhooks>) {
      await webhooks(req, res);
    }
  }
  Controller()(ViewlinkController);
  decorate(ViewlinkController, 'token', Post('api/viewlink/token'));
  decorate(ViewlinkController, 'webhook', Post('webhooks/viewlink'));
  Req()(ViewlinkController.prototype, 'webhook', 0);
  Res()(ViewlinkController.prototype, 'webhook', 1);
  class AppModule {}
  Module({ controllers: [ViewlinkController] })(AppModule);

  const app: INestApplication = await options.platform.create(AppModule, { rawBody: options.rawBody, logger: false });
  if (options.filter) app.useGlobalFilters(new ViewlinkErrorFilter(app.get(HttpAdapterHost)));
  harness.apps.push(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const goodKey = () => new PartnerClient({ apiKey: API_KEY, baseUrl: harness.partnerApiUrl });
const { refusedKey } = harness;

describe.each(platforms)('NestJS 11 on the $name platform', (platform) => {
  describe('a token route', () => {
    it('answers the pair for the web app', async () => {
      const url = await start({ platform, client: goodKey(), rawBody: true, filter: true });
      const response = await fetch(`${url}/api/viewlink/token`, { method: 'POST' });
      expect(response.status).toBe(201); // Nest's default for a POST handler that returns
      const tokens = await response.json();
      expect(tokens).toMatchObject({
        token_type: 'Bearer',
        access_token: expect.any(String),
        refresh_token: expect.any(String),
      });
      expect(JSON.stringify(tokens)).not.toContain(API_KEY);
    });

    it("Nest's own handler answers an SDK error 500 with no code (the app cannot tell what to do)", async () => {
      const url = await start({ platform, client: refusedKey(), rawBody: true, filter: false });
      const response = await fetch(`${url}/api/viewlink/token`, { method: 'POST' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ statusCode: 500, message: 'Internal server error' });
    });

    it('errorResponse in an exception filter: a wrong API Key is a 502 with the code and request id, no secret or URL', async () => {
      const url = await start({ platform, client: refusedKey(), rawBody: true, filter: true });
      await harness.expectRefusedKeyAnswer(await fetch(`${url}/api/viewlink/token`, { method: 'POST' }));
    });
  });

  describe('the webhook receiver', () => {
    it('verifies a signed delivery from the bytes rawBody: true keeps (a body JSON.stringify would not reproduce)', async () => {
      const received: string[] = [];
      const url = await start({ platform, client: goodKey(), received, rawBody: true, filter: true });
      const answer = await deliver(url, { pretty: true });
      expect(answer.status).toBe(200);
      expect(received).toEqual(['file_1']);
    });

    it('refuses a tampered delivery (the HMAC no longer matches the bytes) with 401 and calls no handler', async () => {
      const received: string[] = [];
      const url = await start({ platform, client: goodKey(), received, rawBody: true, filter: true });
      await expectTamperedRefused(url, received);
    });

    it("without rawBody: true Nest's JSON parser ran first: 500 not_raw, naming the NestJS fix", async () => {
      const received: string[] = [];
      const url = await start({ platform, client: goodKey(), received, rawBody: false, filter: true });
      const answer = await deliver(url);
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({ error: { reason: 'not_raw' } });
      expect(answer.text).toContain(
        platform.name === 'Fastify' ? 'new FastifyAdapter(), { rawBody: true }' : '(AppModule, { rawBody: true })',
      );
      expect(received).toEqual([]);
    });
  });
});
