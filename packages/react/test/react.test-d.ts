import { QueryClient, useQuery } from '@tanstack/react-query';
import {
  type RefreshCooldownError,
  type UseConnect,
  useViewlink,
  type ViewlinkClient,
  type ViewlinkError,
} from '@viewlink/react';
import { accountsQuery, type ServiceInfo, servicesQuery, watchlistQuery } from '@viewlink/react/query';
import type { LinkedAccount, Sdk, Watchlist } from '@viewlink/web';
import { describe, expectTypeOf, it } from 'vitest';

declare const client: ViewlinkClient;

describe('@viewlink/react types', () => {
  it('the query options carry their data type into useQuery and getQueryData', () => {
    expectTypeOf(useQuery(watchlistQuery(client)).data).toEqualTypeOf<Watchlist | undefined>();
    expectTypeOf(useQuery(accountsQuery(client)).data).toEqualTypeOf<LinkedAccount[] | undefined>();
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(watchlistQuery(client).queryKey)).toEqualTypeOf<Watchlist | undefined>();
    expectTypeOf(useViewlink).returns.toEqualTypeOf<ViewlinkClient>();
  });
  it('servicesQuery needs an SDK with services() (issue 21), and types its data', () => {
    const withServices = { ready: async () => ({ services: async (): Promise<ServiceInfo[]> => [] }) };
    expectTypeOf(useQuery(servicesQuery(withServices)).data).toEqualTypeOf<readonly ServiceInfo[] | undefined>();
    // @ts-expect-error: an SDK without services() is refused at compile time
    servicesQuery({ ready: async (): Promise<Pick<Sdk, 'watchlist'>> => client.sdk });
  });
  it('errors are typed: RefreshCooldownError is a ViewlinkError with retryAfterMs', () => {
    expectTypeOf<RefreshCooldownError>().toExtend<ViewlinkError>();
    expectTypeOf<RefreshCooldownError['retryAfterMs']>().toEqualTypeOf<number>();
    expectTypeOf<UseConnect['open']>().returns.resolves.toEqualTypeOf<
      { readonly service: string; readonly linked_account_id: string; readonly status: string } | undefined
    >();
  });
});
