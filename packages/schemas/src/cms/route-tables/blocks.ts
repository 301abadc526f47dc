/** The reusable block routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { revisioned } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { blockRecord, blocksQuery, blockWrite } from '../blocks.js';

/** The reusable block routes, with revisions and autosaves. Part of `cmsRoutes`. */
export const blockRoutes: T.BlockRoutes = /* @__PURE__ */ lazy(() => ({
  ...revisioned('/cms/v2/blocks', {
    name: 'Block',
    plural: 'Blocks',
    query: blocksQuery,
    write: blockWrite,
    record: blockRecord,
  }),
}));
