import { describe, expect, it } from 'vitest';
import { CmsClient } from '../src/client.js';
import { requestOembedXml } from '../src/internal/oembed-xml.js';
import { ROOT, SITE } from './helpers.js';

/** The record `requestOembedXml` reads from `text` answered as `contentType` (no schema: the record as read). */
function readXml(text: string, contentType = 'text/xml; charset=UTF-8'): Promise<unknown> {
  return requestOembedXml({
    prepare: () => ({ method: 'GET', path: '/oembed/1.0/embed' }),
    send: async () => ({ data: text, status: 200, url: `${ROOT}/oembed/1.0/embed`, contentType }),
  });
}

const record = { version: '1.0', type: 'rich', title: 'T', width: 400, height: 225, html: '<a>x</a>' };

/** A client whose server answers every request with `body` as `contentType`. */
function clientAnswering(body: string, contentType: string): CmsClient {
  const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': contentType } });
  return new CmsClient({
    baseUrl: SITE,
    restRoot: `${ROOT}/`,
    auth: { username: 'a', applicationPassword: 'b' },
    fetch,
  });
}

describe('oEmbed XML (format: xml)', () => {
  it('reads WordPress 6.5.5 XML into the JSON record: entities decoded, width and height as numbers', async () => {
    const text =
      '<?xml version="1.0"?>\n<oembed><version>1.0</version><provider_name>A &amp; B</provider_name><title>&#x201C;Hi&#x201D;</title><type>rich</type><width>600</width><height>338</height><html>&lt;a href="x"&gt;y&lt;/a&gt;</html><empty/></oembed>\n';
    await expect(readXml(text)).resolves.toEqual({
      version: '1.0',
      provider_name: 'A & B',
      title: '\u201cHi\u201d',
      type: 'rich',
      width: 600,
      height: 338,
      html: '<a href="x">y</a>',
      empty: '',
    });
  });

  it('refuses text that is not an oEmbed document with a ResponseValidationError', async () => {
    await expect(readXml('{"version":"1.0"}')).rejects.toMatchObject({ name: 'ResponseValidationError' });
    await expect(readXml('<html></html>')).rejects.toMatchObject({ name: 'ResponseValidationError' });
  });

  it("format: 'xml' reads the body as its Content-Type says: the proxy's JSON and embed's XML give one record", async () => {
    const query = { url: `${SITE}/a-post/`, format: 'xml' as const };
    const fromJson = await clientAnswering(JSON.stringify(record), 'application/json; charset=UTF-8').oembed.proxy(
      query,
    );
    expect(fromJson).toMatchObject(record);
    const xml = `<?xml version="1.0"?>\n<oembed>${Object.entries(record)
      .map(([k, v]) => `<${k}>${String(v).replace(/</g, '&lt;').replace(/>/g, '&gt;')}</${k}>`)
      .join('')}</oembed>`;
    expect(await clientAnswering(xml, 'text/xml; charset=UTF-8').oembed.proxy(query)).toMatchObject(record);
    // A JSON body that is not an object is a typed ResponseValidationError, as a wrong XML document is.
    await expect(clientAnswering('[1]', 'application/json').oembed.embed(query)).rejects.toMatchObject({
      name: 'ResponseValidationError',
    });
  });
});
