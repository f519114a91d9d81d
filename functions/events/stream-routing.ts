/**
 * Which worker needs which table changes from the stream, declared once (ARCHITECTURE.md section 5).
 * Each worker's patterns are its own event source mapping's filter criteria in AWS
 * (infra/constructs/outbox-worker-wiring.ts) and the filter the local stream poller and the
 * tests' settle apply for it (./stream-filter.ts), so a record AWS would drop is dropped locally too.
 *
 * Two Lambdas read the stream, each through its own mapping (each gets its own copy of a record):
 * - the outbox worker (./outbox-worker.ts):
 *   - the outbox: every inserted outbox item is delivered at once (the sweep is the backstop);
 *   - projectors: a change to a projection's source entity projects it again;
 *   - the audit sealer: every inserted audit entry is chained (functions/core/records/audit-seal.ts);
 * - the job worker (./job-worker.ts): a job item that is queued, or running with its lease given
 *   back, gets its next step.
 * Every other record is dropped before a worker is invoked (and paid for).
 */

/** ElectroDB writes each item's entity name here. */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/** Each projector (functions/events/stream-records.ts) and the entities whose changes it derives from. */
export const PROJECTION_SOURCES = {
  user: ['user', 'userRole', 'permission'],
  enrolment: ['trackInstance'],
  location: ['location'],
  // The dashboards' figures (issue 27): an enrolment's, and its steps' statuses (every step write
  // passes the filter, which cannot compare images; the worker drops those that changed no status).
  dashboard: ['trackInstance', 'stepInstance'],
} as const satisfies Record<string, readonly string[]>;

export type ProjectionSource = keyof typeof PROJECTION_SOURCES;

export const OUTBOX_ENTITY = 'outbox';
export const JOB_ENTITY = 'job';
export const AUDIT_ENTRY_ENTITY = 'auditEntry';

/** A filter pattern in Lambda's event filtering syntax: nested objects, and a list of allowed values at each leaf. */
export type FilterPattern = { [key: string]: FilterPattern | readonly string[] };

const projectionEntities = [...new Set(Object.values(PROJECTION_SOURCES).flat())];
const entityIn = (names: readonly string[]) => ({ [ENTITY_ATTRIBUTE]: { S: [...names] } });

/**
 * The outbox worker's filter criteria; a record passes when any pattern matches (Lambda ORs
 * them, at most five per event source mapping by default).
 */
export const OUTBOX_WORKER_FILTER: readonly FilterPattern[] = [
  // An outbox item is written once and delivered once; an audit entry is written once and sealed once: inserts only.
  { eventName: ['INSERT'], dynamodb: { NewImage: entityIn([OUTBOX_ENTITY, AUDIT_ENTRY_ENTITY]) } },
  // A projection's source created or changed (new image), or removed (old image only).
  { dynamodb: { NewImage: entityIn(projectionEntities) } },
  { eventName: ['REMOVE'], dynamodb: { OldImage: entityIn(projectionEntities) } },
];

/** The job worker's filter criteria (ORed as above). */
export const JOB_WORKER_FILTER: readonly FilterPattern[] = [
  // A new job; then, after each step, the job saved with its lease given back (leaseUntil 0).
  // A lease being taken (leaseUntil in the future) and a finished job are dropped.
  { dynamodb: { NewImage: { ...entityIn([JOB_ENTITY]), status: { S: ['queued'] } } } },
  { dynamodb: { NewImage: { ...entityIn([JOB_ENTITY]), status: { S: ['running'] }, leaseUntil: { N: ['0'] } } } },
];

/** The Lambdas that read the table's stream, by bundle name (infra/bundling/function-bundles.ts). */
export type StreamWorker = 'outbox-worker' | 'job-worker';

/**
 * Which worker gets which records: the one place the AWS event source mappings
 * (infra/constructs/outbox-worker-wiring.ts), the local stream poller (bin/local/runtime.ts) and
 * the tests' settle (test/support/settle.ts) read, each worker its own copy of what passes its filter.
 */
export const STREAM_FILTERS: Readonly<Record<StreamWorker, readonly FilterPattern[]>> = {
  'outbox-worker': OUTBOX_WORKER_FILTER,
  'job-worker': JOB_WORKER_FILTER,
};
