/** Helpers for integration tests that talk to the file's own DynamoDB Local table. */
import { requestCounter, type RequestCounterSnapshot } from '../../functions/db/client';
import { seedDemoIfEmpty } from '../../functions/db/seed/demo';

/** Runs `fn` and reports how many DynamoDB requests (and how much capacity) it used. */
export async function withCountedRequests<T>(fn: () => Promise<T>): Promise<{ result: T; requests: number; counted: RequestCounterSnapshot }> {
  requestCounter.reset();
  const result = await fn();
  const counted = requestCounter.snapshot();
  return { result, requests: counted.requests, counted };
}

/** Seeds the demo organisation into this file's table unless it is already there. */
export async function ensureDemoSeeded(): Promise<void> {
  await seedDemoIfEmpty();
}
