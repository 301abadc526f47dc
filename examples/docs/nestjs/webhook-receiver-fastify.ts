import { Controller, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { createNodeWebhookHandler } from '@viewlink/partner';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare const webhooks: ReturnType<typeof createNodeWebhookHandler>; // the receiver above, unchanged

@Controller('webhooks')
export class ViewlinkWebhookController {
  @Post('viewlink')
  async receive(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await webhooks(request, reply); // verifies request.rawBody, hijacks the reply and answers on reply.raw
  }
}

@Module({ controllers: [ViewlinkWebhookController] })
class AppModule {}

// On the Fastify platform too, rawBody: true keeps the bytes beside the parsed JSON.
const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter(), { rawBody: true });
await app.listen(3000, '0.0.0.0'); // Fastify listens on localhost only unless told otherwise
