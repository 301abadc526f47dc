import { packageConfig } from '../../tsup.config.base.ts';

// `query` is the TanStack Query subpath (`@viewlink/cms/query`: types only from @tanstack/query-core);
// `preview` the server-side draft reader, whose `browser` condition resolves to `preview-browser`
// (a module that throws), so a client bundle never holds the reader.
export default packageConfig({ entry: ['src/index.ts', 'src/query.ts', 'src/preview.ts', 'src/preview-browser.ts'] });
