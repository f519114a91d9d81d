/**
 * Which table changes the worker needs from the stream, declared once (ARCHITECTURE.md section 5).
 * The same patterns are the event source mapping's filter criteria in AWS
 * (infra/constructs/outbox-worker-wiring.ts) and the filter the local stream poller and the
 * tests' settle apply (./stream-filter.ts), so a record AWS would drop is dropped locally too.
 *
 * Three consumers read the stream:
 * - the outbox: every inserted outbox item is delivered at once (the sweep is the backstop);
 * - jobs: a job item that is queued, or running with its lease given back, gets its next step;
 * - projectors: a change to a projection's source entity projects it again;
 * - the audit sealer: every inserted audit entry is chained (functions/core/records/audit-seal.ts).
 * Every other record is dropped before the worker is invoked (and paid for).
 */

/** ElectroDB writes each item's entity name here. */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/** Each projector (functions/events/stream-records.ts) and the entities whose changes it derives from. */
export const PROJECTION_SOURCES = {
  user: ['user', 'userRole', 'permission'],
  enrolment: ['trackInstance'],
  location: ['location'],
} as const satisfies Record<string, readonly string[]>;

export type ProjectionSource = keyof typeof PROJECTION_SOURCES;

export const OUTBOX_ENTITY = 'outbox';
export const JOB_ENTITY = 'job';
export const AUDIT_ENTRY_ENTITY = 'auditEntry';

/** A filter pattern in Lambda's event filtering syntax: nested objects, and a list of allowed values at each leaf. */
export type FilterPattern = { [key: string]: FilterPattern | readonly string[] };

const projectionEntities = Object.values(PROJECTION_SOURCES).flat();
const entityIn = (names: readonly string[]) => ({ [ENTITY_ATTRIBUTE]: { S: [...names] } });

/**
 * The worker's filter criteria; a record passes when any pattern matches (Lambda ORs them, at
 * most five per event source mapping by default).
 */
export const STREAM_FILTER_PATTERNS: readonly FilterPattern[] = [
  // An outbox item is written once and delivered once; an audit entry is written once and sealed once: inserts only.
  { eventName: ['INSERT'], dynamodb: { NewImage: entityIn([OUTBOX_ENTITY, AUDIT_ENTRY_ENTITY]) } },
  // A new job; then, after each step, the job saved with its lease given back (leaseUntil 0).
  // A lease being taken (leaseUntil in the future) and a finished job are dropped.
  { dynamodb: { NewImage: { ...entityIn([JOB_ENTITY]), status: { S: ['queued'] } } } },
  { dynamodb: { NewImage: { ...entityIn([JOB_ENTITY]), status: { S: ['running'] }, leaseUntil: { N: ['0'] } } } },
  // A projection's source created or changed (new image), or removed (old image only).
  { dynamodb: { NewImage: entityIn(projectionEntities) } },
  { eventName: ['REMOVE'], dynamodb: { OldImage: entityIn(projectionEntities) } },
];
