import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { instrumentViewlink, type ViewlinkInstrumentation } from '../src/index.js';

/** An SDK tracer provider exporting to memory, with the Viewlink instrumentation on it. */
export function setUpTracing(): {
  exporter: InMemorySpanExporter;
  provider: BasicTracerProvider;
  instrumentation: ViewlinkInstrumentation;
  stop: () => Promise<void>;
} {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  const instrumentation = instrumentViewlink({ tracerProvider: provider });
  return {
    exporter,
    provider,
    instrumentation,
    stop: async () => {
      instrumentation.disable();
      await provider.shutdown();
      context.disable();
    },
  };
}

/** Every attribute value of a span, its events included, as text. */
export function allAttributeText(span: ReadableSpan): string[] {
  const values: unknown[] = [span.name, span.status.message, ...Object.values(span.attributes)];
  for (const event of span.events) values.push(event.name, ...Object.values(event.attributes ?? {}));
  return values.filter((v) => v !== undefined).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
}

/** The span with this name; fails when there is not exactly one. */
export function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((s) => s.name === name);
  if (found.length !== 1) {
    throw new Error(`expected one span named ${name}, got ${found.length}: ${spans.map((s) => s.name).join(', ')}`);
  }
  return found[0] as ReadableSpan;
}
