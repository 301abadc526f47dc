import { packageConfig } from '../../tsup.config.base.ts';

// Server runtimes only (node:diagnostics_channel, node:async_hooks): platform node keeps them external.
export default packageConfig({ platform: 'node' });
