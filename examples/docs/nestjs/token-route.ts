import { type ArgumentsHost, Catch, Controller, type ExceptionFilter, Post, Req } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { errorResponse } from '@viewlink/partner';
import type { Request } from 'express';
import { viewlink } from '../partner/create-client.js'; // the client of section 1

declare function currentUserId(req: Request): string; // your session lookup

@Controller('api/viewlink')
export class ViewlinkTokenController {
  @Post('token')
  async token(@Req() req: Request) {
    return (await viewlink.user(currentUserId(req)).tokenPair()).toSdkTokens(); // issued on first use
  }

  @Post('token/renew')
  async renew(@Req() req: Request) {
    return (await viewlink.user(currentUserId(req)).renewTokenPair()).toSdkTokens();
  }
}

// Register with app.useGlobalFilters(new ViewlinkErrorFilter(app.get(HttpAdapterHost))): SDK errors
// become answers the app can act on. It answers through Nest's HTTP adapter, so it works on the
// Express and the Fastify platform alike (Fastify's reply has no res.set() or res.json()).
@Catch()
export class ViewlinkErrorFilter implements ExceptionFilter {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(error: unknown, host: ArgumentsHost) {
    console.error(error); // the details (status, code, request id) stay in your logs
    const { status, body, headers } = errorResponse(error);
    const { httpAdapter } = this.adapterHost;
    const response = host.switchToHttp().getResponse();
    for (const [name, value] of Object.entries(headers)) httpAdapter.setHeader(response, name, value);
    httpAdapter.reply(response, body, status);
  }
}
