import { packageConfig } from '../../tsup.config.base.ts';

export default packageConfig({
  entry: ['src/index.ts', 'src/errors.ts', 'src/engine.ts'],
  splitting: true,
});
