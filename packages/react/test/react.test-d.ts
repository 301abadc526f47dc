import { QueryClient, useQuery } from '@tanstack/react-query';
import {
  type RefreshCooldownError,
  type UseConnect,
  useConnect,
  type useRefresh,
  useViewlink,
  type ViewlinkClient,
  type ViewlinkError,
} from '@viewlink/react';
import { accountsQuery, servicesQuery, watchlistQuery } from '@viewlink/react/query';
import type { ConnectResult, LinkedAccount, Sdk, ServiceEntry, ServiceIdInput, Watchlist } from '@viewlink/web';
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
    const withServices = { ready: async () => ({ services: async (): Promise<ServiceEntry[]> => [] }) };
    // The web SDK's own entry type, `linkable` included: one type for a service in both packages.
    expectTypeOf(useQuery(servicesQuery(withServices)).data).toEqualTypeOf<ServiceEntry[] | undefined>();
    expectTypeOf(useQuery(servicesQuery(withServices)).data?.[0]?.linkable).toEqualTypeOf<boolean | undefined>();
    // @ts-expect-error: an SDK without services() is refused at compile time
    servicesQuery({ ready: async (): Promise<Pick<Sdk, 'watchlist'>> => client.sdk });
    // The web SDK's own services() fits.
    expectTypeOf(servicesQuery({ ready: async () => client.sdk })).not.toBeNever();
  });
  it('useConnect and useRefresh take a service id as SDK.connect and SDK.refresh do: the known ids complete, any other id is taken', () => {
    expectTypeOf(useConnect).parameter(0).toEqualTypeOf<ServiceIdInput>();
    expectTypeOf<Parameters<ViewlinkClient['connect']>[0]>().toEqualTypeOf<Parameters<Sdk['connect']>[0]['service']>();
    expectTypeOf(useConnect).toBeCallableWith('a-service-added-later');
    expectTypeOf<Parameters<ReturnType<typeof useRefresh>['refresh']>[0]>().toEqualTypeOf<
      Parameters<Sdk['refresh']>[0]
    >();
  });
  it('errors are typed: RefreshCooldownError is a ViewlinkError with retryAfterMs', () => {
    expectTypeOf<RefreshCooldownError>().toExtend<ViewlinkError>();
    expectTypeOf<RefreshCooldownError['retryAfterMs']>().toEqualTypeOf<number>();
    expectTypeOf<UseConnect['open']>().returns.resolves.toEqualTypeOf<ConnectResult | undefined>();
    expectTypeOf<ConnectResult['link_session_id']>().toEqualTypeOf<string>();
  });
});
