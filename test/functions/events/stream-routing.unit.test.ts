import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DynamoDBRecord } from 'aws-lambda';
import { matchesPattern, passesJobWorkerFilter, passesOutboxWorkerFilter, workersReceiving } from '../../../functions/events/stream-filter';
import { JOB_ENTITY, JOB_WORKER_FILTER, OUTBOX_WORKER_FILTER, PROJECTION_SOURCES, STREAM_FILTERS } from '../../../functions/events/stream-routing';
import { auditEntryToSeal, projectionTargetsOf, runnableJobOf } from '../../../functions/events/stream-records';
import { insertedOutboxId } from '../../../functions/events/outbox-worker';

type Attributes = Record<string, { S: string } | { N: string }>;
const s = (value: string) => ({ S: value });
const n = (value: number) => ({ N: String(value) });

function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', images: { NewImage?: Attributes; OldImage?: Attributes }): DynamoDBRecord {
  return { eventName, dynamodb: { SequenceNumber: '1', ...images } } as DynamoDBRecord;
}
const entity = (name: string, rest: Attributes = {}): Attributes => ({ __edb_e__: s(name), ...rest });

/** What each worker would do with a record, whatever its filter says. */
const outboxActed = (r: DynamoDBRecord) => Boolean(insertedOutboxId(r) || auditEntryToSeal(r) || projectionTargetsOf(r).length);
const jobActed = (r: DynamoDBRecord) => Boolean(runnableJobOf(r));
/** Whether some worker receives it (each through its own mapping). */
const passesStreamFilters = (r: DynamoDBRecord) => workersReceiving(r).length > 0;

describe('stream routing: one filter per worker, for AWS and the local runtime', () => {
  it('declares each worker\'s filter once, by bundle name; only the job worker gets job items, and it gets nothing else', () => {
    expect(STREAM_FILTERS).toEqual({ 'outbox-worker': OUTBOX_WORKER_FILTER, 'job-worker': JOB_WORKER_FILTER });
    expect(JSON.stringify(OUTBOX_WORKER_FILTER)).not.toContain(`"${JOB_ENTITY}"`);
    for (const pattern of JOB_WORKER_FILTER) expect(JSON.stringify(pattern)).toContain(`{"S":["${JOB_ENTITY}"]}`);
    // Lambda's default quota of filters per event source mapping.
    for (const patterns of Object.values(STREAM_FILTERS)) expect(patterns.length).toBeLessThanOrEqual(5);
  });

  it('lets through outbox inserts only (an outbox item is delivered once)', () => {
    const item = entity('outbox', { outboxId: s('o1') });
    expect(workersReceiving(record('INSERT', { NewImage: item }))).toEqual(['outbox-worker']);
    expect(passesStreamFilters(record('MODIFY', { NewImage: item, OldImage: item }))).toBe(false);
    expect(passesStreamFilters(record('REMOVE', { OldImage: item }))).toBe(false);
  });

  it('lets through audit entry inserts only (an entry is written once and sealed once; the seal itself is not sealed again)', () => {
    const item = entity('auditEntry', { chainId: s('User#u1'), entryId: s('e1'), contentHash: s('h') });
    const inserted = record('INSERT', { NewImage: item });
    expect(passesStreamFilters(inserted)).toBe(true);
    expect(auditEntryToSeal(inserted)).toEqual({ chainId: 'User#u1', entryId: 'e1', contentHash: 'h' });
    const sealed = record('MODIFY', { NewImage: { ...item, seq: n(1) }, OldImage: item });
    expect(passesStreamFilters(sealed)).toBe(false);
    expect(auditEntryToSeal(sealed)).toBeUndefined();
    expect(passesStreamFilters(record('INSERT', { NewImage: entity('auditHead', { chainId: s('User#u1') }) }))).toBe(false);
  });

  it('lets through a queued job, and a running one whose lease was given back, to the job worker only; not a lease being taken nor a finished job', () => {
    const job = (rest: Attributes) => record('MODIFY', { NewImage: entity('job', { jobId: s('j1'), ...rest }) });
    expect(workersReceiving(record('INSERT', { NewImage: entity('job', { jobId: s('j1'), status: s('queued') }) }))).toEqual(['job-worker']);
    expect(workersReceiving(job({ status: s('running'), leaseUntil: n(0) }))).toEqual(['job-worker']);
    expect(passesStreamFilters(job({ status: s('running'), leaseUntil: n(Date.now() + 120_000) }))).toBe(false);
    for (const status of ['succeeded', 'failed']) expect(passesStreamFilters(job({ status: s(status), leaseUntil: n(0) }))).toBe(false);
  });

  it('lets through every change to every projection source: create, update and delete', () => {
    for (const [source, entities] of Object.entries(PROJECTION_SOURCES)) {
      for (const name of entities) {
        const image = entity(name, { userId: s('u1'), trackInstanceId: s('t1'), locationId: s('l1'), status: s('Open') });
        const changed = { ...image, status: s('Completed') };
        for (const r of [record('INSERT', { NewImage: image }), record('MODIFY', { NewImage: changed, OldImage: image }), record('REMOVE', { OldImage: image })]) {
          expect(workersReceiving(r), `${source} <- ${name} ${r.eventName}`).toEqual(['outbox-worker']);
          expect(projectionTargetsOf(r).map((target) => target.source), `${name} ${r.eventName}`).toContain(source);
        }
      }
    }
  });

  it("projects an enrolment's dashboard figures again for a step write that changes what they count, and not for any other", () => {
    const step = entity('stepInstance', { trackInstanceId: s('t1'), stepInstanceId: s('s1'), status: s('Ready'), phaseId: s('p1'), version: n(3) });
    const targets = (r: ReturnType<typeof record>) => projectionTargetsOf(r).map((target) => `${target.source} ${target.id}`);
    expect(targets(record('MODIFY', { NewImage: { ...step, version: n(4), remindAt: s('2026-12-08') }, OldImage: step }))).toEqual([]);
    expect(targets(record('MODIFY', { NewImage: { ...step, status: s('PendingReview') }, OldImage: step }))).toEqual(['dashboard t1']);
    expect(targets(record('MODIFY', { NewImage: { ...step, remindSince: s('2026-12-07') }, OldImage: step }))).toEqual(['dashboard t1']);
    expect(targets(record('MODIFY', { NewImage: { ...step, responsibleRoleIds: { L: [s('advisor')] } as never }, OldImage: step }))).toEqual(['dashboard t1']);
    // An enrolment's own change projects both its directory entries (when listed fields move) and its figures.
    const enrolment = entity('trackInstance', { trackInstanceId: s('t1'), status: s('Open') });
    expect(targets(record('MODIFY', { NewImage: { ...enrolment, status: s('Completed') }, OldImage: enrolment }))).toEqual(['enrolment t1', 'dashboard t1']);
  });

  it('drops what no consumer needs (sessions, claims, a TTL expiry of anything else)', () => {
    for (const name of ['session', 'claim', 'notification', 'formSubmission']) {
      const image = entity(name, { userId: s('u1') });
      expect(passesStreamFilters(record('INSERT', { NewImage: image })), name).toBe(false);
      expect(passesStreamFilters(record('REMOVE', { OldImage: image })), name).toBe(false);
    }
  });

  it('never drops a record a worker would act on from that worker (every entity, event and job state)', () => {
    const names = [...Object.values(PROJECTION_SOURCES).flat(), 'outbox', 'job', 'auditEntry', 'auditHead', 'session', 'stepInstance'];
    const variants: Attributes[] = [
      {},
      { status: s('queued') },
      { status: s('running'), leaseUntil: n(0) },
      { status: s('running'), leaseUntil: n(Date.now() + 60_000) },
      { status: s('succeeded') },
    ];
    for (const name of names) {
      for (const extra of variants) {
        const image = entity(name, { outboxId: s('o'), jobId: s('j'), chainId: s('User#u'), entryId: s('e'), contentHash: s('h'), userId: s('u'), trackInstanceId: s('t'), locationId: s('l'), ...extra });
        for (const r of [record('INSERT', { NewImage: image }), record('MODIFY', { NewImage: image, OldImage: { ...image, sortName: s('x') } }), record('REMOVE', { OldImage: image })]) {
          if (outboxActed(r)) expect(passesOutboxWorkerFilter(r), `outbox worker: ${name} ${r.eventName} ${JSON.stringify(extra)}`).toBe(true);
          if (jobActed(r)) expect(passesJobWorkerFilter(r), `job worker: ${name} ${r.eventName} ${JSON.stringify(extra)}`).toBe(true);
        }
      }
    }
  });

  it('refuses to evaluate a rule it does not implement, rather than guessing', () => {
    expect(() => matchesPattern({ a: [{ prefix: 'x' }] as never }, { a: 'xy' })).toThrow(/Unsupported/);
    for (const pattern of Object.values(STREAM_FILTERS).flat()) expect(() => matchesPattern(pattern, {})).not.toThrow();
  });

  it('feeds every projector in the code: a new projector without its sources in the routing fails here', () => {
    const root = join(import.meta.dirname, '../../../functions/core');
    const projectors = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('-projector.ts'));
    expect(projectors.length).toBeGreaterThan(0);
    const records = readFileSync(join(import.meta.dirname, '../../../functions/events/stream-records.ts'), 'utf8');
    for (const file of projectors) {
      const name = file.split('/').pop()!.replace(/\.ts$/, '');
      expect(records, `${file} is not run from the stream (functions/events/stream-records.ts)`).toContain(`/${name}'`);
    }
    expect(Object.keys(PROJECTION_SOURCES).length).toBe(projectors.length);
  });
});
