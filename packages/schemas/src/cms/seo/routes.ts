/** seo/v1 route table fragment, merged into `cmsRoutes`. */
export const seoRoutes = {} as const;
