import type { DynamoDBRecord } from 'aws-lambda';
import { ENTITY_ATTRIBUTE, JOB_ENTITY } from './stream-routing';

/**
 * What a job item's stream record calls for, read straight from its new image's few attributes.
 * Apart from ./stream-records.ts so the job worker (./job-worker.ts) reads it without the projectors.
 */
type Image = Record<string, { S?: string; N?: string } | undefined>;

/** A job ready for its next step (queued, or running with its lease given back), otherwise undefined. */
export function runnableJobOf(record: DynamoDBRecord): string | undefined {
  const image = record.dynamodb?.NewImage as Image | undefined;
  if (image?.[ENTITY_ATTRIBUTE]?.S !== JOB_ENTITY) return undefined;
  const status = image.status?.S;
  const leased = Number(image.leaseUntil?.N ?? 0) > Date.now();
  return (status === 'queued' || status === 'running') && !leased ? image.jobId?.S : undefined;
}
