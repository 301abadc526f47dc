import { CmsClient } from '@viewlink/cms';

// WordPress serves cms/v2 as wp/v2; with Yoast SEO and WPForms installed, seo/v1 and forms/v1
// are yoast/v1 and wpforms/v1. The same methods then drive the stock site.
const wp = new CmsClient({
  baseUrl: 'http://127.0.0.1:8888',
  namespaces: { cms: 'wp/v2', seo: 'yoast/v1', forms: 'wpforms/v1' },
  auth: { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop qrst uvwx' },
});
const report = await wp.discover();
report.missingNamespaces; // ['seo', 'forms'] on a site without the two plugins
report.batchableRoutes; // ['POST /cms/v2/posts', 'PUT /cms/v2/posts/{id}', ...] (never GET: /batch/v1 refuses it)
report.unsupportedRoutes; // every seo/v1 and forms/v1 route on such a site
report.authentication.applicationPasswordsAuthorizeUrl; // .../wp-admin/authorize-application.php
