import useSWR, { type SWRConfiguration } from 'swr';
import type { Contract, ResponseOf } from '@shared/api/contract';
import { call, type CallOptions } from './client';
import type { RouteRef } from './routes';

/** The SWR key of a call: the contract id plus its arguments, so equal calls share a cache entry. */
export function apiKey<C extends Contract>(contract: RouteRef<C>, options: Omit<CallOptions<C>, 'signal'> = {}) {
  return [contract.id, JSON.stringify(options)] as const;
}

/** Reads a contract through SWR. Pass `null` options to wait (conditional fetching). */
export function useApi<C extends Contract>(
  contract: RouteRef<C>,
  options: Omit<CallOptions<C>, 'signal'> | null = {},
  config?: SWRConfiguration<ResponseOf<C>>,
) {
  return useSWR<ResponseOf<C>>(options ? apiKey(contract, options) : null, () => call(contract, options ?? {}), config);
}
