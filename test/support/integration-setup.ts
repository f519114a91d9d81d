/**
 * Runs before each integration test file: points the functions at the run's DynamoDB
 * Local and at a table of this file's own, created before the first test.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { dynamoClient } from '../../functions/db/client';
import { ensureTable } from '../../functions/db/table';
import { tableStreamWanted } from './table-stream';

// This worker's own DynamoDB Local (workers are numbered from 1).
const endpoints = inject('dynamoEndpoints');
process.env.DYNAMODB_ENDPOINT = endpoints[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % endpoints.length];
process.env.TABLE_NAME = `test-${randomUUID().slice(0, 8)}`;
process.env.AWS_REGION ??= 'us-east-1';
// The run's local S3: presigned uploads and downloads are real requests to it.
process.env.S3_ENDPOINT ??= inject('s3Endpoint');
// Account administration (deactivation, invitations) goes to the local provider's side, never to Cognito.
process.env.IDENTITY_ADAPTER ??= 'local';

const tableName = process.env.TABLE_NAME;

beforeAll(async () => {
  await ensureTable(dynamoClient(), tableName, { stream: tableStreamWanted() });
});

// The database lives in memory for the whole run: free each file's table when it is done.
afterAll(async () => {
  await dynamoClient()
    .send(new DeleteTableCommand({ TableName: tableName }))
    .catch(() => undefined);
});
