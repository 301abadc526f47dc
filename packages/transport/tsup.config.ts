import { packageConfig } from '../../tsup.config.base.ts';

// ky 2 is ESM-only: bundle it so the CJS build works on every Node >= 22 (docs/decisions.md).
export default packageConfig({ entry: ['src/index.ts', 'src/errors.ts'], noExternal: ['ky'] });
