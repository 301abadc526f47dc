/**
 * What partners without the TypeScript SDK send, on both targets, as raw HTTP: PHP's curl with an
 * array of fields (multipart/form-data), http_build_query's indexed lists (`include[0]=`), Python's
 * `urlencode(doseq=True)` (a repeated plain key: PHP keeps the last), a JSON text under a non-JSON
 * type (ignored: `empty_content`), body fields the route does not declare (ignored), and booleans
 * written `True` (Python) or left empty.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type ContractTarget, targets, unique } from './targets.js';

describe.each(targets())('other languages’ requests on $name', (target: ContractTarget) => {
  const posts = `${target.restRoot}${target.namespaces.cms ?? 'cms/v2'}/posts`;
  const auth = `Basic ${btoa(`${target.admin.username}:${target.admin.applicationPassword}`)}`;
  const created: number[] = [];
  afterAll(async () => {
    for (const id of created)
      await fetch(`${posts}/${id}?force=true`, { method: 'DELETE', headers: { authorization: auth } });
  });

  async function create(body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(posts, { method: 'POST', body, headers: { authorization: auth, ...headers } });
    if (res.status === 201) created.push(((await res.clone().json()) as { id: number }).id);
    return res;
  }

  it('multipart and form bodies create posts, their strings read as the schema says (categories, sticky)', async () => {
    const form = new FormData();
    for (const [name, value] of [
      ['title', unique('multipart')],
      ['status', 'publish'],
      ['categories[]', '1'],
      ['sticky', '1'],
    ])
      form.append(name as string, value as string);
    const multipart = await create(form);
    expect(multipart.status).toBe(201);
    expect(await multipart.json()).toMatchObject({ status: 'publish', categories: [1], sticky: true });
    for (const lists of ['categories%5B0%5D=1', 'categories=1']) {
      const res = await create(`title=${unique('form')}&status=publish&${lists}`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(res.status, lists).toBe(201);
      expect(await res.json()).toMatchObject({ categories: [1] });
    }
  });

  it('a JSON text without a JSON type gives no parameters (400 empty_content); unknown fields are ignored', async () => {
    const json = JSON.stringify({ title: unique('untyped'), status: 'publish' });
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }]) {
      const res = await create(json, headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'empty_content', data: { status: 400 } });
    }
    const extra = await create(JSON.stringify({ title: unique('extra'), status: 'publish', not_a_field: 1 }), {
      'content-type': 'application/json',
    });
    expect(extra.status).toBe(201);
  });

  it('list filters as http_build_query writes them, and a repeated plain key keeps its last value', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await create(JSON.stringify({ title: unique('wire'), status: 'publish' }), {
        'content-type': 'application/json',
      });
      ids.push(((await res.json()) as { id: number }).id);
    }
    const [a, b] = ids as [number, number];
    const idsOf = async (query: string) =>
      ((await (await fetch(`${posts}?${query}&orderby=id&order=asc`)).json()) as { id: number }[]).map((p) => p.id);
    expect(await idsOf(`include%5B0%5D=${a}&include%5B1%5D=${b}`)).toEqual([a, b]);
    expect(await idsOf(`include=${a},${b}`)).toEqual([a, b]);
    expect(await idsOf(`include=${a}&include=${b}`)).toEqual([b]);
  });

  it("booleans in any case (Python's urlencode writes True), an empty one refused", async () => {
    for (const query of ['sticky=True', 'sticky=FALSE', 'ignore_sticky=False'])
      expect((await fetch(`${posts}?${query}`)).status, query).toBe(200);
    const empty = await fetch(`${posts}?sticky=`);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { sticky: expect.any(String) } },
    });
    const form = await create(`title=${unique('bool')}&sticky=True`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ sticky: true });
  });
});
