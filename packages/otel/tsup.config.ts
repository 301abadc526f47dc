import { packageConfig } from '../../tsup.config.base.ts';

// Server runtimes only (node:diagnostics_channel, node:async_hooks): platform node keeps them
// external, with their `node:` prefix (Deno and workerd resolve built-ins by it).
export default packageConfig({ platform: 'node', removeNodeProtocol: false });
