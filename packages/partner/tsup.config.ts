import { packageConfig } from '../../tsup.config.base.ts';

// @noble/hashes 2 is ESM-only: the CJS build carries its SHA-256 so require() works on every Node >= 22.
export default packageConfig({ cjsNoExternal: ['@noble/hashes'] });
