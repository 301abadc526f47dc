import diagnostics from 'node:diagnostics_channel';
import { type RequestTrace, VIEWLINK_CHANNELS } from '@viewlink/otel';

diagnostics.tracingChannel<RequestTrace, RequestTrace>(VIEWLINK_CHANNELS.request).subscribe({
  start() {},
  end() {},
  asyncStart() {},
  error() {},
  asyncEnd(message) {
    console.log(message.method, message.route, message.status, message.retryCount, message.requestId);
  },
});
