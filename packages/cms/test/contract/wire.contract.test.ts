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

  it('a refused list item or term query is worded as WordPress words it (which item, which form, why)', async () => {
    const refusal = async (query: string) => {
      const res = await fetch(`${posts}?${query}`, { headers: { authorization: auth } });
      expect(res.status, query).toBe(400);
      const { data } = (await res.json()) as { data: { params: object; details: object } };
      return { params: data.params, details: data.details };
    };
    const STATUSES =
      'publish, future, draft, pending, private, trash, auto-draft, inherit, request-pending, request-confirmed, request-failed, request-completed, and any';
    // WordPress checks the statuses one at a time, each as a list of its own: item 0 every time.
    for (const query of ['status=publish,nope', 'status%5B0%5D=draft&status%5B1%5D=nope'])
      expect(await refusal(query), query).toEqual({
        params: { status: `status[0] is not one of ${STATUSES}.` },
        details: { status: { code: 'rest_not_in_enum', message: `status[0] is not one of ${STATUSES}.`, data: null } },
      });
    expect(await refusal('include%5B0%5D=1&include%5B1%5D=y')).toEqual({
      params: { include: 'include[1] is not of type integer.' },
      details: {
        include: {
          code: 'rest_invalid_type',
          message: 'include[1] is not of type integer.',
          data: { param: 'include[1]' },
        },
      },
    });
    const termQuery = async (query: string, message: string, position: number) =>
      expect(await refusal(query), query).toEqual({
        params: { categories: message },
        details: { categories: { code: 'rest_no_matching_schema', message, data: { position } } },
      });
    await termQuery(
      'categories=abc',
      'categories is not a valid Term ID List. Reason: categories[0] is not of type integer.',
      0,
    );
    await termQuery(
      'categories%5Bterms%5D=abc',
      'categories is not a valid Term ID Taxonomy Query. Reason: categories[terms][0] is not of type integer.',
      1,
    );
    await termQuery(
      'categories%5Boperator%5D=XOR',
      'categories is not a valid Term ID Taxonomy Query. Reason: categories[operator] is not one of AND and OR.',
      1,
    );
  });
});
