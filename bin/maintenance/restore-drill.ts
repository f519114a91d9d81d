import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  ResourceNotFoundException,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { claimKey } from '../../functions/db/claims';
import { entryKey, type DirectoryEntryInput } from '../../functions/db/directory';
import { db } from '../../functions/db/service';
import { createTableInput, tableDefinition } from '../../functions/db/table';
import { transact } from '../../functions/db/transact';
import { nameClaimOf } from '../../functions/core/locations/location-writes';
import { tableSnapshot } from './table-snapshot';

/**
 * The restore drill's parts (docs/recovery.md, "The drill on one machine"): what AWS does in a
 * point-in-time restore is played by a copy into a new table, then derived data is damaged the
 * way a restore point can leave it, and the operator's own commands (check:directory,
 * rebuild:directory) must bring it back. Only for DynamoDB Local: `bin/restore-drill.ts` and
 * test/functions/db/restore-drill.test.ts drive these.
 */

type Item = Record<string, unknown>;
const BATCH = 25;
const IN_FLIGHT = 4;

/**
 * What DynamoDB Local answers to AWS's restore call, recorded by the drill (it is expected to
 * refuse: DynamoDB Local has no backups). The answer's error name and message, or 'accepted'.
 */
export async function probePointInTimeRestore(client: DynamoDBClient, sourceTable: string, targetTable: string): Promise<string> {
  try {
    await client.send(new RestoreTableToPointInTimeCommand({ SourceTableName: sourceTable, TargetTableName: targetTable, UseLatestRestorableTime: true }));
    return 'accepted';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

/**
 * The stand-in for AWS's point-in-time restore: every item of `sourceTable`, copied into
 * `targetTable` (created when missing, as a restore creates it). The Scan here is not
 * app code and breaks no rule of docs/data-model.md: it stands for what AWS does inside a
 * restore, which is a whole-table copy.
 */
export async function copyTable(client: DynamoDBClient, documents: DynamoDBDocumentClient, sourceTable: string, targetTable: string): Promise<number> {
  await createRestoredTable(client, targetTable);
  const chunks: Item[][] = [];
  let start: Item | undefined;
  let copied = 0;
  const send = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      const written = await putAll(documents, targetTable, chunk);
      copied += written;
    }
  };
  do {
    const page = await documents.send(new ScanCommand({ TableName: sourceTable, ExclusiveStartKey: start, ConsistentRead: true }));
    const items = page.Items ?? [];
    for (let index = 0; index < items.length; index += BATCH) chunks.push(items.slice(index, index + BATCH));
    await Promise.all(Array.from({ length: IN_FLIGHT }, send));
    start = page.LastEvaluatedKey;
  } while (start);
  return copied;
}

/**
 * The table a restore makes: the same keys and indexes (from the definition the deployed table
 * has, functions/db/table.ts), no stream and no TTL (a restore carries neither). An existing
 * table is used as it is (the integration test's own table).
 */
async function createRestoredTable(client: DynamoDBClient, table: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: table }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(table, { stream: false })));
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: table });
}

async function putAll(documents: DynamoDBDocumentClient, table: string, items: Item[]): Promise<number> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > 10) throw new Error(`Copy into ${table}: ${pending.length} items were not written`);
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    const { UnprocessedItems } = await documents.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
  }
  return items.length;
}

/** How many items a table holds (a Scan with Select COUNT: the drill's report only). */
export async function countItems(documents: DynamoDBDocumentClient, table: string): Promise<number> {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await documents.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey: start, ConsistentRead: true }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * The runbook's settings step (docs/recovery.md) against the restored table: the stream, TTL,
 * point-in-time recovery and deletion protection, each call's answer recorded (DynamoDB Local
 * takes some and refuses others; in AWS all four are needed).
 */
export async function applyRestoredTableSettings(client: DynamoDBClient, table: string): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  const attempt = async (name: string, call: () => Promise<unknown>) => {
    try {
      await call();
      answers[name] = 'accepted';
    } catch (error) {
      answers[name] = `${(error as Error).name}: ${(error as Error).message}`;
    }
  };
  await attempt('stream', () => client.send(new UpdateTableCommand({ TableName: table, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } })));
  await attempt('ttl', () => client.send(new UpdateTimeToLiveCommand({ TableName: table, TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true } })));
  await attempt('pitr', () => client.send(new UpdateContinuousBackupsCommand({ TableName: table, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })));
  await attempt('deletionProtection', () => client.send(new UpdateTableCommand({ TableName: table, DeletionProtectionEnabled: true })));
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  answers.described = `stream ${Table?.StreamSpecification?.StreamEnabled ? Table.StreamSpecification.StreamViewType : 'off'}, deletion protection ${Table?.DeletionProtectionEnabled ? 'on' : 'off'}`;
  return answers;
}

/** Turns deletion protection off again (DynamoDB Local honours it) and deletes the table. */
export async function dropTable(client: DynamoDBClient, table: string): Promise<void> {
  await client.send(new UpdateTableCommand({ TableName: table, DeletionProtectionEnabled: false })).catch(() => undefined);
  await client.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
}

export interface Damage {
  /** Directory entries deleted (a projection stopped between noting its keys and writing them). */
  entriesDeleted: number;
  /** Projection records deleted (entries with no ledger: written by an old version or an import). */
  recordsDeleted: number;
  /** Counters set wrong. */
  countersSkewed: number;
  /** Locations and users renamed without their projection running (the restore point fell between the two). */
  renamed: string[];
}

/**
 * Damages the derived data of the configured table (TABLE_NAME; the ElectroDB service) the way a
 * restore point can leave it, deterministically (every `every`-th item in key order):
 * - a church, a district and a user renamed, their rename's transaction in the table (the name
 *   claim moved with it, as the app does) but none of its projection: entries, counters and the
 *   copies of the name (children's parent name, members' church name) are stale, as they are
 *   when the point falls between a write and the projection its stream record would have run.
 *   (The app's location rename also queues a `location.refreshCopies` job in that transaction;
 *   the drill leaves it out: after a real restore the sweep runs it, and the rebuild does not
 *   depend on it);
 * - directory entries deleted: a projection notes its keys in its record before it writes the
 *   entries, so a point in between leaves entries the record names but the table lacks;
 * - projection records deleted and counters changed: the ledger and the counts no longer agree
 *   with the entries (what data written outside the app, or by a version before projections, looks like).
 */
export async function damageDerivedData(every = 10): Promise<Damage> {
  const snapshot = await tableSnapshot(['location', 'user', 'directoryEntry', 'projection', 'directoryCount']);
  const of = (name: string) => [...(snapshot.get(name) ?? [])];
  const renamed: string[] = [];

  const locations = of('location').sort((a, b) => String(a.locationId).localeCompare(String(b.locationId)));
  for (const kind of ['Church', 'District']) {
    const place = locations.find((item) => item.kind === kind && item.active !== false);
    if (!place) continue;
    const name = `${place.name} Restored`;
    const before = nameClaimOf(place as never);
    const after = nameClaimOf({ ...place, name } as never);
    await transact([
      // As the app's rename writes it (location-writes.ts): the key parts it does not change go along as composites.
      (tx) => withComposites(tx.location.patch({ locationId: place.locationId }), { kind: place.kind, parentId: place.parentId }).set({ name }).add({ version: 1 }).commit(),
      (tx) => tx.claim.delete(claimKey(before)).commit(),
      (tx) => tx.claim.put({ ...claimKey(after), ownerId: after.ownerId }).commit(),
    ]);
    renamed.push(`${kind.toLowerCase()} ${place.locationId} (${place.name} -> ${name})`);
  }
  const people = of('user').filter((item) => !item.inactive).sort((a, b) => String(a.userId).localeCompare(String(b.userId)));
  const person = people[Math.min(people.length - 1, 1)];
  if (person) {
    await db().entities.user.patch({ userId: person.userId }).set({ firstName: `${person.firstName}-Restored` }).add({ version: 1 }).go();
    renamed.push(`user ${person.userId} (${person.firstName} -> ${person.firstName}-Restored)`);
  }

  const entries = of('directoryEntry').sort((a, b) => entryKey(a as DirectoryEntryInput).localeCompare(entryKey(b as DirectoryEntryInput)));
  const doomed = entries.filter((_, index) => index % every === 0);
  for (let start = 0; start < doomed.length; start += BATCH) {
    await db()
      .entities.directoryEntry.delete(doomed.slice(start, start + BATCH).map(({ scopeId, list, term, targetId }) => ({ scopeId, list, term, targetId })))
      .go();
  }

  const records = of('projection').sort((a, b) => `${a.source}/${a.targetId}`.localeCompare(`${b.source}/${b.targetId}`));
  const lostRecords = records.filter((_, index) => index % every === every - 1);
  for (const record of lostRecords) await db().entities.projection.delete({ source: record.source, targetId: record.targetId }).go();

  const counters = of('directoryCount').sort((a, b) => `${a.scopeId}/${a.list}`.localeCompare(`${b.scopeId}/${b.list}`));
  const skewed = counters.filter((_, index) => index % every === every - 1);
  for (const counter of skewed) await db().entities.directoryCount.patch({ scopeId: counter.scopeId, list: counter.list }).set({ count: Number(counter.count) + 3 }).go();

  return { entriesDeleted: doomed.length, recordsDeleted: lostRecords.length, countersSkewed: skewed.length, renamed };
}

/** ElectroDB's `composite` on a transaction's patch (present at run time, missing from its typings). */
function withComposites<P>(patch: P, parts: Record<string, unknown>): P {
  return (patch as P & { composite(parts: Record<string, unknown>): P }).composite(parts);
}

/** Differences grouped by their kind (the first words of each line of check:directory), for the report. */
export function differenceKinds(differences: string[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const line of differences) {
    const kind = /^(missing entry|extra entry|stale row|count)/.exec(line)?.[1]
      ?? (/has no projection record$/.test(line) ? 'no projection record' : undefined)
      ?? (/projection record (lists|counts) other/.test(line) ? 'projection record differs' : undefined)
      ?? (/shows parent name/.test(line) ? 'stale parent name' : undefined)
      ?? (/^membership .* shows/.test(line) ? 'stale church name' : undefined)
      ?? 'other';
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}
