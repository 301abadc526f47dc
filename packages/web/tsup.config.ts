import { packageConfig } from '../../tsup.config.base.ts';

export default packageConfig({ entry: ['src/index.ts', 'src/consent.ts'], platform: 'browser' });
