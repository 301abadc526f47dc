// A runtime where the clients cannot publish (no `process.getBuiltinModule`, e.g. workerd with
// `nodejs_compat` and a compatibility date before 2024-09-23) still lets this package import
// `node:diagnostics_channel`: instrumentViewlink() must refuse at start-up, not trace nothing.
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { ConfigurationError } from '@viewlink/transport';
import { describe, expect, it, vi } from 'vitest';
import { instrumentViewlink } from '../src/index.js';

vi.mock('@viewlink/transport', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@viewlink/transport')>()),
  tracingSupported: false,
}));

describe('instrumentViewlink() where the clients cannot publish', () => {
  it('throws a ConfigurationError naming the cause and the Workers settings that fix it', () => {
    const call = () => instrumentViewlink({ tracerProvider: new BasicTracerProvider() });
    expect(call).toThrow(ConfigurationError);
    expect(call).toThrow(/no span would ever be made/);
    expect(call).toThrow(/`nodejs_compat` flag with a `compatibility_date` of 2024-09-23 or later/);
  });
});
