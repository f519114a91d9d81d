import type { SWRConfiguration } from 'swr';
import { ApiError } from './api/api-error';

/** Retry only what may succeed on retry: not 4xx answers. */
export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: (error) => !(error instanceof ApiError && error.status < 500),
  errorRetryCount: 2,
};
