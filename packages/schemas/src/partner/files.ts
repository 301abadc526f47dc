/**
 * Data files announced by InitialFilePosted / DeltaFilePosted / UserFilePosted: record
 * schemas and the route that serves a posted file. Merged into `partnerRoutes`.
 */

/** Route table fragment for data files, merged into `partnerRoutes`. */
export const fileRoutes = {} as const;
