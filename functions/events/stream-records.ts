import type { DynamoDBRecord } from 'aws-lambda';
import type { ProjectionOutcome } from '../db/directory-projection';
import { projectLocation } from '../core/locations/location-projector';
import { projectEnrolment } from '../core/enrolments/enrolment-projector';
import { projectDashboard } from '../core/dashboard/dashboard-projector';
import { projectUser } from '../core/users/user-projector';
import { projectEnrolmentRetention, projectPersonRetention } from '../core/retention/retention-cases';
import { sealAuditEntry, type EntryToSeal } from '../core/records/audit-seal';
import { AUDIT_ENTRY_ENTITY, ENTITY_ATTRIBUTE, PROJECTION_SOURCES, type ProjectionSource } from './stream-routing';

export { runnableJobOf } from './job-records';

/**
 * What a table change means for derived data (ARCHITECTURE.md section 5): which projections
 * to run again, and which audit entry to seal (the outbox worker's part; a job's next step is the
 * job worker's: ./job-worker.ts, ./job-records.ts). Read straight from the stream images' few string
 * attributes (unmarshalling every entity's item would be wasted work).
 */
type Image = Record<string, { S?: string; N?: string; BOOL?: boolean } | undefined>;

export interface ProjectionTarget {
  source: ProjectionSource;
  id: string;
}

/** What an enrolment's directory entries copy (directory.ts `enrolmentDirectoryEntries`): a change of any, or a create or delete, projects it again. */
const ENROLMENT_LISTED = ['trackTemplateId', 'districtId', 'status', 'sortName', 'firstNameKey', 'emailKey'];

/** What a step's dashboard figures copy (functions/core/dashboard/tally-metrics.ts): a step write changing none of them counts nothing new. */
const STEP_TALLIED = ['status', 'phaseId', 'remindSince', 'responsibleRoleIds'];

/** Entity name -> the projections it feeds (./stream-routing.ts declares the pairs, and the stream filter is built from them). */
const SOURCES_OF_ENTITY = new Map<string, ProjectionSource[]>();
for (const [source, entities] of Object.entries(PROJECTION_SOURCES)) {
  for (const entity of entities) SOURCES_OF_ENTITY.set(entity, [...(SOURCES_OF_ENTITY.get(entity) ?? []), source as ProjectionSource]);
}

function text(image: Image | undefined, name: string): string | undefined {
  return image?.[name]?.S;
}

export function projectionTargetsOf(record: DynamoDBRecord): ProjectionTarget[] {
  const newImage = record.dynamodb?.NewImage as Image | undefined;
  const oldImage = record.dynamodb?.OldImage as Image | undefined;
  const entity = text(newImage, ENTITY_ATTRIBUTE) ?? text(oldImage, ENTITY_ATTRIBUTE);
  return (entity ? (SOURCES_OF_ENTITY.get(entity) ?? []) : []).flatMap((source) => targetsFor(source, entity!, newImage, oldImage));
}

function targetsFor(source: ProjectionSource, entity: string, newImage: Image | undefined, oldImage: Image | undefined): ProjectionTarget[] {
  if (source === 'dashboard') {
    const trackInstanceId = text(newImage, 'trackInstanceId') ?? text(oldImage, 'trackInstanceId');
    const changed = entity !== 'stepInstance' || !newImage || !oldImage || STEP_TALLIED.some((name) => JSON.stringify(newImage[name]) !== JSON.stringify(oldImage[name]));
    return trackInstanceId && changed ? [{ source: 'dashboard', id: trackInstanceId }] : [];
  }
  if (source === 'user') {
    const userId = text(newImage, 'userId') ?? text(oldImage, 'userId');
    return userId ? [{ source: 'user', id: userId }] : [];
  }
  if (source === 'enrolment') {
    const trackInstanceId = text(newImage, 'trackInstanceId') ?? text(oldImage, 'trackInstanceId');
    const changed = !newImage || !oldImage || ENROLMENT_LISTED.some((name) => text(newImage, name) !== text(oldImage, name));
    return trackInstanceId && changed ? [{ source: 'enrolment', id: trackInstanceId }] : [];
  }
  const locationId = text(newImage, 'locationId') ?? text(oldImage, 'locationId');
  if (!locationId) return [];
  const targets: ProjectionTarget[] = [{ source: 'location', id: locationId }];
  // An episcopal area lists its conferences' names: before and after a move, both areas.
  if ((text(newImage, 'kind') ?? text(oldImage, 'kind')) === 'Conference') {
    for (const parentId of new Set([text(oldImage, 'parentId'), text(newImage, 'parentId')])) {
      if (parentId) targets.push({ source: 'location', id: parentId });
    }
  }
  return targets;
}

/** An audit entry just written, to be chained by the sealer; otherwise undefined. */
export function auditEntryToSeal(record: DynamoDBRecord): EntryToSeal | undefined {
  if (record.eventName !== 'INSERT') return undefined;
  const image = record.dynamodb?.NewImage as Image | undefined;
  if (text(image, ENTITY_ATTRIBUTE) !== AUDIT_ENTRY_ENTITY) return undefined;
  const [chainId, entryId, contentHash] = [text(image, 'chainId'), text(image, 'entryId'), text(image, 'contentHash')];
  return chainId && entryId && contentHash ? { chainId, entryId, contentHash } : undefined;
}

/** Another run holds the target's lease: the record comes back later (the stream retries it). */
export class ProjectionBusyError extends Error {}

/** A projector followed by the record's retention case (functions/core/retention/retention-cases.ts), from the same change. */
const withRetention =
  (project: (id: string) => Promise<ProjectionOutcome>, retention: (id: string) => Promise<void>) =>
  async (id: string): Promise<ProjectionOutcome> => {
    const outcome = await project(id);
    if (outcome !== 'busy') await retention(id);
    return outcome;
  };

const PROJECTORS: Record<ProjectionSource, (id: string) => Promise<ProjectionOutcome>> = {
  user: withRetention(projectUser, projectPersonRetention),
  location: projectLocation,
  enrolment: withRetention(projectEnrolment, projectEnrolmentRetention),
  dashboard: projectDashboard,
};

export async function runProjection(target: ProjectionTarget): Promise<void> {
  const outcome = await PROJECTORS[target.source](target.id);
  if (outcome === 'busy') throw new ProjectionBusyError(`${target.source} ${target.id} is being projected`);
}

/** Handles one record's audit seal and projections; throws when the record should be retried. */
export async function handleDerivedWork(record: DynamoDBRecord): Promise<void> {
  const entry = auditEntryToSeal(record);
  if (entry) await sealAuditEntry(entry);
  for (const target of projectionTargetsOf(record)) await runProjection(target);
}
