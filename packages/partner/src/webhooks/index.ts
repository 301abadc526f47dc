/** Webhooks: verification, parsing, receivers for Web-standard and Node servers, test signing. */
export {};
