import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { defineLightMethods, type LightMethodDefinition } from '../src/engine.js';
import {
  AbortError,
  atCallSite,
  createRouteClient,
  createTransport,
  defineMethods,
  type MethodCall,
  type RouteKeyed,
  type RouteSpec,
  ValidationError,
} from '../src/index.js';
import { BASE } from './helpers.js';

const routes = {
  'GET /items/{id}': {
    method: 'GET',
    path: '/items/{id}',
    params: z.object({ id: z.number() }),
    query: z.object({ fields: z.optional(z.string()) }),
    response: z.object({ id: z.number() }),
  },
  'DELETE /items/{id}': {
    method: 'DELETE',
    path: '/items/{id}',
    params: z.object({ id: z.number() }),
    query: z.object({ force: z.optional(z.boolean()) }),
    response: z.object({ deleted: z.boolean() }),
  },
} satisfies Record<string, RouteSpec>;
type Outputs = { 'GET /items/{id}': { id: number }; 'DELETE /items/{id}': { deleted: boolean } };
type Key = keyof typeof routes;

/** The methods as users see them. */
interface Items {
  /** Gets one item. */
  get(id: number, query?: { fields?: string }, options?: { signal?: AbortSignal }): Promise<{ id: number }>;
  /** Deletes one item; `force` skips the trash. */
  delete(id: number, options?: { force?: boolean }): Promise<{ deleted: boolean }>;
}

function items(answer: () => Response = () => Response.json({ id: 1, deleted: true })) {
  const seen: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    seen.push(String(url));
    return answer();
  }) as typeof globalThis.fetch;
  const client = createRouteClient<typeof routes, Outputs>({
    routes,
    sender: createTransport({ baseUrl: BASE, fetch, retry: false }),
    spec: (route) => route,
    settings: (_route, key) => ({ labels: { params: key, query: key, body: key } }),
  });
  const calls: MethodCall<Key>[] = [];
  const methods = defineMethods<Items, Key>(
    {
      get: { route: 'GET /items/{id}', args: ['params.id', 'query'] },
      delete: {
        route: 'DELETE /items/{id}',
        args: ['params.id'],
        fromOptions: (options: { force?: boolean } | undefined) =>
          options?.force === undefined ? undefined : { query: { force: options.force } },
      },
    },
    async (call) => {
      calls.push(call);
      return (await client.call(call.definition.route, call.input)).data;
    },
    'items',
  );
  return { methods, seen, calls };
}

describe('defineMethods: methods from definitions', () => {
  it('puts each argument in its place of the route input and sends through the invoker', async () => {
    const { methods, seen, calls } = items();
    await expect(methods.get(5, { fields: 'id' })).resolves.toMatchObject({ id: 1 });
    await methods.delete(7, { force: true });
    await methods.delete(8);
    expect(seen).toEqual([`${BASE}/items/5?fields=id`, `${BASE}/items/7?force=true`, `${BASE}/items/8`]);
    expect(calls.map((c) => c.callSite)).toEqual(['items.get()', 'items.delete()', 'items.delete()']);
    expect(calls[0]?.input).toEqual({ params: { id: 5 }, query: { fields: 'id' } });
  });

  it('names the method the user wrote in a ValidationError, and sends nothing', async () => {
    const { methods, seen } = items();
    const error = await methods.get('five' as unknown as number).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/^items\.get\(\): /);
    expect(seen).toEqual([]);
  });

  it('refuses a definition with an unknown argument role when the methods are built', () => {
    expect(() =>
      defineMethods<{ get(): Promise<unknown> }>(
        { get: { route: 'GET /x', args: ['header' as 'query'] } },
        () => 1,
        '',
      ),
    ).toThrow(/unknown argument role "header"/);
  });

  it('types the methods by the interface users see', () => {
    const { methods } = items();
    expectTypeOf(methods.get).parameter(0).toEqualTypeOf<number>();
    expectTypeOf(methods.delete).returns.resolves.toEqualTypeOf<{ deleted: boolean }>();
  });
});

describe('defineMethods: what clients build on', () => {
  it('gives each method its route key, and a client definition type to its invoker', async () => {
    interface Tagged {
      readonly route: 'GET /items/{id}';
      readonly args: readonly ['params.id'];
      readonly tag: string;
    }
    const seen: string[] = [];
    const methods = defineMethods<{ get(id: number): Promise<string> }, 'GET /items/{id}', Tagged>(
      { get: { route: 'GET /items/{id}', args: ['params.id'], tag: 'mine' } },
      async (call) => {
        seen.push(call.definition.tag);
        return `${call.definition.tag} ${JSON.stringify(call.input)}`;
      },
      'items',
    );
    await expect(methods.get(3)).resolves.toBe('mine {"params":{"id":3}}');
    expect(seen).toEqual(['mine']);
    expect((methods.get as unknown as { routeKey: string }).routeKey).toBe('GET /items/{id}');
  });

  it('rejects (never throws) when the invoker throws a ValidationError of its own, named at the call site', async () => {
    const methods = defineMethods<{ get(id: number): Promise<unknown> }>(
      { get: { route: 'GET /items/{id}', args: ['params.id'] } },
      () => {
        throw new ValidationError('a check', [{ path: ['id'], message: 'is odd' }]);
      },
      'items',
    );
    const pending = methods.get(3);
    await expect(pending).rejects.toThrow(/^items\.get\(\): id is odd$/);
  });
});

describe('defineLightMethods: the same mechanism without argument roles (the browser facade)', () => {
  interface Light {
    /** A read without arguments. */
    read(): Promise<string>;
    /** A method whose one argument is its options, read by the invoker. */
    act(options?: { readonly keep?: boolean }): Promise<string>;
  }
  interface LightTagged extends LightMethodDefinition<'GET /items/{id}' | 'DELETE /items/{id}'> {
    readonly check?: true;
  }
  const make = () => {
    const calls: MethodCall<Key, LightTagged>[] = [];
    const methods = defineLightMethods<Light, Key, LightTagged>(
      {
        read: { route: 'GET /items/{id}' },
        act: { route: 'DELETE /items/{id}', check: true },
      },
      (call) => {
        calls.push(call);
        if (call.definition.check && call.options === undefined)
          throw new ValidationError('a check', [{ path: ['keep'], message: 'is required' }]);
        return Promise.resolve(`${call.definition.route} ${JSON.stringify(call.options)}`);
      },
      'SDK',
    );
    return { methods, calls };
  };

  it('hands the one argument to the invoker as the call options, with an empty input', async () => {
    const { methods, calls } = make();
    await expect(methods.act({ keep: true })).resolves.toBe('DELETE /items/{id} {"keep":true}');
    await expect(methods.read()).resolves.toBe('GET /items/{id} undefined');
    expect(calls.map((call) => [call.callSite, call.input, call.flat])).toEqual([
      ['SDK.act()', {}, undefined],
      ['SDK.read()', {}, undefined],
    ]);
  });

  it('rejects (never throws) with the invoker’s check named at the call site, and carries route keys', async () => {
    const { methods } = make();
    const pending = methods.act();
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow(/^SDK\.act\(\): keep is required$/);
    expect((methods.read as unknown as RouteKeyed).routeKey).toBe('GET /items/{id}');
  });

  it('takes no argument roles: a definition with args does not compile', () => {
    defineLightMethods<{ get(id: number): Promise<unknown> }>(
      // @ts-expect-error argument roles belong to defineMethods
      { get: { route: 'GET /items/{id}', args: ['params.id'] } },
      () => Promise.resolve(),
      'items',
    );
  });
});

describe('atCallSite: the call leads an error raised beneath it', () => {
  const request = { method: 'GET', url: `${BASE}/items/1` };
  it('names refused input at the method; an error of a request stays as its run made it (led by the call it was given)', () => {
    const refused = atCallSite(
      new ValidationError('request options', [{ path: ['id'], message: 'is required' }]),
      'items.get()',
    );
    expect((refused as ValidationError).message).toBe('items.get(): id is required');
    // The run puts the call in every error it makes (CallOptions.callSite): nothing is rebuilt here.
    const aborted = new AbortError({ ...request, callSite: 'items.get()' });
    expect(atCallSite(aborted, 'outer()')).toBe(aborted);
    expect(aborted.message).toBe(`items.get(): GET ${BASE}/items/1 was aborted`);
  });
});
