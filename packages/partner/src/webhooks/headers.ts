/** The headers a webhook receiver takes: a Web `Headers`, or a Node-style record (arrays joined as Node does). */
export type HeadersLike = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;
