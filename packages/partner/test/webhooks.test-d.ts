import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createNodeWebhookHandler,
  createTestWebhookEvent,
  createWebhookHandler,
  type NodeWebhookReply,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  type UnknownWebhookEvent,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
} from '../src/webhooks/index.js';

describe('webhook event union', () => {
  it('narrows on type to each known event and to the unknown variant', () => {
    const handle = (event: WebhookEvent) => {
      switch (event.type) {
        case 'UserDataRefreshCompleted':
          expectTypeOf(event.refresh_id).toEqualTypeOf<string | undefined>();
          break;
        case 'InitialFilePosted':
        case 'UserFilePosted':
          expectTypeOf(event.file.id).toEqualTypeOf<string>();
          expectTypeOf(event.sequence).toEqualTypeOf<number>();
          break;
        case 'DeltaFilePosted':
          expectTypeOf(event.base_sequence).toEqualTypeOf<number>();
          break;
        case 'LinkedAccountBroken':
          expectTypeOf(event.linked_account_id).toEqualTypeOf<string>();
          expectTypeOf(event.reason).toExtend<string | undefined>();
          break;
        case 'LinkedAccountRepaired':
          expectTypeOf(event.link_session_id).toEqualTypeOf<string | undefined>();
          break;
        case 'LinkedAccountDisconnected':
          expectTypeOf(event.keep_data).toEqualTypeOf<boolean>();
          break;
        case 'unknown':
          expectTypeOf(event).toEqualTypeOf<UnknownWebhookEvent>();
          expectTypeOf(event.payload).toEqualTypeOf<Readonly<Record<string, unknown>>>();
          break;
        default:
          expectTypeOf(event).toBeNever();
      }
    };
    expectTypeOf(handle).toBeFunction();
  });
  it('verifyWebhook resolves to the union', () => {
    expectTypeOf(verifyWebhook).returns.toEqualTypeOf<Promise<WebhookEvent>>();
  });
  it('WebhookEventOf picks one event', () => {
    expectTypeOf<WebhookEventOf<'DeltaFilePosted'>['type']>().toEqualTypeOf<'DeltaFilePosted'>();
  });
});

describe('options', () => {
  it('requires a secret or an explicit false', () => {
    expectTypeOf<VerifyWebhookOptions['secret']>().toEqualTypeOf<string | readonly string[] | false>();
    // @ts-expect-error: an env var that may be undefined is not accepted silently
    createWebhookHandler({ secret: undefined });
    // @ts-expect-error: true is not an opt-out
    createWebhookHandler({ secret: true });
  });
  it('gives each callback its narrowed event', () => {
    createWebhookHandler({
      secret: 's',
      on: {
        DeltaFilePosted: (event) => expectTypeOf(event.type).toEqualTypeOf<'DeltaFilePosted'>(),
        // @ts-expect-error: not an event type
        Nope: () => undefined,
      },
      onUnknown: (event) => expectTypeOf(event.eventType).toEqualTypeOf<string>(),
    });
  });
  it('the Web handler is a (Request) => Promise<Response>', () => {
    expectTypeOf(createWebhookHandler({ secret: 's' })).toEqualTypeOf<(request: Request) => Promise<Response>>();
  });
});

describe('Node receiver accepts Node, Express and Fastify objects', () => {
  it('takes IncomingMessage/ServerResponse and Express req/res', () => {
    expectTypeOf<IncomingMessage>().toExtend<NodeWebhookRequest>();
    expectTypeOf<ServerResponse>().toExtend<NodeWebhookResponse>();
    expectTypeOf<ExpressRequest>().toExtend<NodeWebhookRequest>();
    expectTypeOf<ExpressResponse>().toExtend<NodeWebhookResponse>();
    // Fastify's request is not a stream (its parser's Buffer is in body), its reply.raw a ServerResponse.
    expectTypeOf<FastifyRequest>().toExtend<NodeWebhookRequest>();
    expectTypeOf<FastifyReply['raw']>().toExtend<NodeWebhookResponse>();
    // Fastify's reply itself too (NestJS's @Res() on the Fastify platform); Express's is not one.
    expectTypeOf<FastifyReply>().toExtend<NodeWebhookReply>();
    expectTypeOf<ExpressResponse>().not.toExtend<NodeWebhookReply>();
    expectTypeOf(createNodeWebhookHandler({ secret: 's' })).parameters.toEqualTypeOf<
      [NodeWebhookRequest, NodeWebhookResponse | NodeWebhookReply]
    >();
  });
});

describe('createTestWebhookEvent()', () => {
  it('is typed as the known event it builds; an unknown type stays open', () => {
    expectTypeOf(createTestWebhookEvent('DeltaFilePosted')).toEqualTypeOf<WebhookEventOf<'DeltaFilePosted'>>();
    expectTypeOf(
      createTestWebhookEvent('LinkedAccountDisconnected', { keep_data: false }).keep_data,
    ).toEqualTypeOf<boolean>();
    // @ts-expect-error a known field of the wrong type
    createTestWebhookEvent('DeltaFilePosted', { sequence: 'two' });
    expectTypeOf(createTestWebhookEvent('SomethingNew', { anything: 1 }).type).toEqualTypeOf<'SomethingNew'>();
  });
});
