import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient, requestCounter } from '../../../functions/db/client';
import { currentRequest, runWithRequestContext } from '../../../functions/lib/request-context';

/** One real read of an item that does not exist: one request, half a read unit. */
const readOnce = () =>
  dynamoClient().send(new GetItemCommand({ TableName: process.env.TABLE_NAME!, Key: { pk: { S: 'request-counter' }, sk: { S: 'absent' } } }));

const insideRequest = <T>(fn: () => Promise<T>) => runWithRequestContext({ requestId: 'counted', method: 'GET', route: 'test' }, fn);

afterEach(() => requestCounter.countOnlyWhile());

it('counts every request and its read capacity by default', async () => {
  requestCounter.reset();
  await readOnce();
  await insideRequest(readOnce);
  const counted = requestCounter.snapshot();
  expect(counted.requests).toBe(2);
  expect(counted.byCommand).toEqual({ GetItemCommand: 2 });
  expect(counted.readCapacity).toBeGreaterThan(0);
});

it('while limited to requests inside an HTTP request, leaves out work beside it (the sweep, the stream worker)', async () => {
  requestCounter.reset();
  requestCounter.countOnlyWhile(() => currentRequest() !== undefined);
  await Promise.all([readOnce(), insideRequest(readOnce), readOnce()]);
  expect(requestCounter.snapshot().requests).toBe(1);

  requestCounter.countOnlyWhile();
  await readOnce();
  expect(requestCounter.snapshot().requests).toBe(2);
});
