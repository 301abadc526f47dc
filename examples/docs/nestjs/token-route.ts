import { type ArgumentsHost, Catch, Controller, type ExceptionFilter, Post, Req } from '@nestjs/common';
import { errorResponse } from '@viewlink/partner';
import type { Request, Response } from 'express';
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

// Register with app.useGlobalFilters(new ViewlinkErrorFilter()): SDK errors become answers the app can act on.
@Catch()
export class ViewlinkErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost) {
    console.error(error); // the details (status, code, request id) stay in your logs
    const { status, body, headers } = errorResponse(error);
    host.switchToHttp().getResponse<Response>().status(status).set(headers).json(body);
  }
}
