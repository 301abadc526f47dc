import { describe, expect, it } from 'vitest';
import { parseOembedXml } from '../src/core/oembed-xml.js';

describe('oEmbed XML (format: xml)', () => {
  it('reads WordPress 6.5.5 XML into the JSON record: entities decoded, width and height as numbers', () => {
    const text =
      '<?xml version="1.0"?>\n<oembed><version>1.0</version><provider_name>A &amp; B</provider_name><title>&#x201C;Hi&#x201D;</title><type>rich</type><width>600</width><height>338</height><html>&lt;a href="x"&gt;y&lt;/a&gt;</html><empty/></oembed>\n';
    expect(parseOembedXml(text)).toEqual({
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

  it('answers undefined for text that is not an oEmbed document', () => {
    expect(parseOembedXml('{"version":"1.0"}')).toBeUndefined();
  });
});
