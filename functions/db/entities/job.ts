import { Entity } from 'electrodb';
import { JOB_STATUSES } from '../../../shared/schemas/job';
import { SERVICE, timestamps, ttl, version } from './attributes';

/**
 * A background job (ARCHITECTURE.md section 5): work bigger than a transaction or a request.
 * Each step runs under a lease, does a bounded chunk of idempotent work from `cursor`, and
 * saves the new cursor and progress; the job's own stream record starts the next step, and
 * the sweeper restarts a job whose lease expired (a crashed step). gsi1 `byStatus`: the
 * sweeper's Query for unfinished jobs; gsi2 `byOwner`: the jobs a person started.
 */
export const job = new Entity({
  model: { entity: 'job', version: '1', service: SERVICE },
  attributes: {
    jobId: { type: 'string', required: true, readOnly: true },
    kind: { type: 'string', required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    status: { type: JOB_STATUSES, required: true, default: 'queued' },
    /** What the job works on; fixed at creation. */
    input: { type: 'any', required: true },
    /** Where the next step starts; the job kind defines its shape. */
    cursor: { type: 'any' },
    done: { type: 'number', required: true, default: 0 },
    total: { type: 'number' },
    result: { type: 'any' },
    error: { type: 'string' },
    steps: { type: 'number', required: true, default: 0 },
    leaseOwner: { type: 'string' },
    leaseUntil: { type: 'number' },
    ...timestamps,
    version,
    ttl,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['jobId'] },
      sk: { field: 'sk', composite: [] },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'] },
      sk: { field: 'gsi1sk', composite: ['jobId'] },
    },
    byOwner: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['ownerId'] },
      sk: { field: 'gsi2sk', composite: ['jobId'] },
    },
  },
});
