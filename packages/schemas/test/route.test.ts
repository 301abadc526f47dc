import { describe, expect, it } from 'vitest';
import { expandPath, pathPattern } from '../src/route.js';

describe('expandPath', () => {
  it('fills placeholders, encoding values but keeping the `//` of template ids', () => {
    expect(expandPath('/cms/v2/posts/{id}', { id: 5 })).toBe('/cms/v2/posts/5');
    expect(
      expandPath('/cms/v2/templates/{template_id}/revisions/{id}', { template_id: 'twentytwentyfour//index', id: 3 }),
    ).toBe('/cms/v2/templates/twentytwentyfour//index/revisions/3');
    expect(expandPath('/v1/files/{file_id}', { file_id: 'a b?' })).toBe('/v1/files/a%20b%3F');
  });

  it('refuses a missing parameter instead of sending a broken path', () => {
    expect(() => expandPath('/cms/v2/posts/{id}', {})).toThrow(/Missing path parameter id/);
    expect(() => expandPath('/cms/v2/posts/{id}', { id: '' })).toThrow(TypeError);
  });
});

describe('pathPattern', () => {
  it('captures named groups and accepts a trailing slash', () => {
    expect(pathPattern('/cms/v2/posts/{parent}/revisions/{id}').exec('/cms/v2/posts/4/revisions/9/')?.groups).toEqual({
      parent: '4',
      id: '9',
    });
    expect(pathPattern('/cms/v2/posts/{id}').test('/cms/v2/posts/4/extra')).toBe(false);
  });

  it('lets template ids span one or two segments', () => {
    const pattern = pathPattern('/cms/v2/templates/{template_id}/autosaves');
    expect(pattern.exec('/cms/v2/templates/theme//slug/autosaves')?.groups?.template_id).toBe('theme//slug');
    expect(pattern.exec('/cms/v2/templates/single/autosaves')?.groups?.template_id).toBe('single');
  });

  it('escapes regex characters of literal path parts', () => {
    expect(pathPattern('/oembed/1.0/embed').test('/oembed/1x0/embed')).toBe(false);
  });
});
