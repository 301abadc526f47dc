import { packageConfig } from '../../tsup.config.base.ts';

// `query` is the TanStack Query subpath (`@viewlink/cms/query`): types only from @tanstack/query-core.
export default packageConfig({ entry: ['src/index.ts', 'src/query.ts'] });
