import { instrumentViewlink } from '@viewlink/otel';

// After your OpenTelemetry SDK is started (NodeSDK, or a tracer provider you registered):
const instrumentation = instrumentViewlink();

// On shutdown, or to stop tracing the Viewlink clients:
instrumentation.disable();
