import { packageConfig } from '../../tsup.config.base.ts';

export default packageConfig({ entry: ['src/index.ts', 'src/server.ts', 'src/cli.ts'], platform: 'node' });
