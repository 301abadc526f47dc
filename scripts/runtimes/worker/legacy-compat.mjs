// A worker on compatibility settings with no global `process` (`nodejs_compat`, date 2024-09-22):
// @viewlink/otel imports there, but the clients cannot publish, so instrumentViewlink() must
// refuse with the settings that fix it instead of tracing nothing (docs/runtimes.md).
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { instrumentViewlink } from '@viewlink/otel';

export default {
  fetch() {
    try {
      instrumentViewlink({ tracerProvider: new BasicTracerProvider() }).disable();
      return Response.json({ threw: false, process: typeof globalThis.process });
    } catch (error) {
      return Response.json({ threw: true, name: error?.name, message: error?.message });
    }
  },
};
