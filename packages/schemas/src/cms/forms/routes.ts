/** forms/v1 route table fragment, merged into `cmsRoutes`. */
export const formsRoutes = {} as const;
