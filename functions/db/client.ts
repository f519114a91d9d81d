import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { requestCounter } from './request-counter';
import { traceClient } from '../lib/tracing';

export { requestCounter } from './request-counter';
export type { RequestCounterSnapshot } from './request-counter';

let client: DynamoDBClient | undefined;
let docClient: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB client of the process. With an endpoint set (DynamoDB Local) it uses
 * fixed fake credentials, so nothing on the machine's AWS profile is needed or touched.
 */
export function dynamoClient(): DynamoDBClient {
  if (!client) {
    const endpoint = config.dynamoEndpoint;
    client = traceClient(
      new DynamoDBClient({
        region: config.region,
        ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      }),
    );
    requestCounter.attachTo(client.middlewareStack);
  }
  return client;
}

/** Plain JavaScript values in and out; ElectroDB and the access functions use this. */
export function documentClient(): DynamoDBDocumentClient {
  if (!docClient) {
    docClient = DynamoDBDocumentClient.from(dynamoClient(), {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return docClient;
}
