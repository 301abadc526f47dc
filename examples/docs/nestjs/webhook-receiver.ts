import { Controller, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createNodeWebhookHandler } from '@viewlink/partner';
import type { Request, Response } from 'express';

declare const jobs: { add(name: string, data: unknown): Promise<unknown> }; // your job queue

const webhooks = createNodeWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  trustProxy: true, // behind a TLS-terminating proxy that sets X-Forwarded-Proto
  on: { InitialFilePosted: async (event) => jobs.add('load-snapshot', event) },
});

@Controller('webhooks')
export class ViewlinkWebhookController {
  @Post('viewlink')
  async receive(@Req() req: Request, @Res() res: Response) {
    await webhooks(req, res); // verifies req.rawBody, answers on res
  }
}

@Module({ controllers: [ViewlinkWebhookController] })
class AppModule {}

// rawBody: true keeps the bytes beside the parsed JSON (the rest of the app still gets req.body).
const app = await NestFactory.create(AppModule, { rawBody: true });
await app.listen(3000);
