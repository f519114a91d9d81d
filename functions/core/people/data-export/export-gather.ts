import { fileKeySchema } from '../../../../shared/files/stored-files';
import { fileInstances } from '../../files/file-lists';
import { readTrackInstance } from '../../enrolments/instance-read';
import { sitsOnTrackCommittee } from '../../user-groups/track-committees';
import { ForbiddenError } from '../../../lib/errors';
import { locationsDetails } from '../../permissions/user-location-queries';
import type { AuthContext } from '../../session/resolve-session';
import { formInstanceView } from '../../step-work/form-instances';
import { readStepPage } from '../../step-work/step-page';
import { visibleUser } from '../../users/visible-user';
import { listMemberships } from '../church-memberships';
import { listMentees, listMentors } from '../mentors';
import { profileDetails } from '../profile-details';
import { profileTrackInstances } from '../profile-tracks';
import { userAliases } from '../user-aliases';
import { listComments } from '../user-comments';
import { userTags } from '../user-tags';
import { panel } from './export-panel';
import { enrolmentHistory } from './export-records';

/**
 * What a data export holds (issue 25, item 4), read with the requester's rights through the same
 * functions the screens call, so each part follows its own visibility rule: the profile's panels
 * (details, roles, locations, memberships, aliases, tags, mentors, the comments the requester may
 * read: never one's own), the enrolments the requester may open, each step's page (private content
 * the requester may not view comes as its name only, `hidden`), the answers of the forms they may
 * read and the files the file service lets them read. A part the requester may not read is left
 * out and named in `withheld`, never read around.
 */

/** A file that goes into the archive: its stored object, its name there and its size. */
export interface ExportFile {
  key: string;
  name: string;
  size: number;
  contentType: string;
  /** When it was uploaded (the candidate packet lists it). */
  uploadedAt?: string;
}

export interface PersonPart {
  person: Record<string, unknown>;
  enrolments: { id: string; trackName: string }[];
}

export async function gatherPerson(auth: AuthContext, userId: string, exportedAt: string): Promise<PersonPart> {
  const withheld: string[] = [];
  const [details, account, locations, memberships, aliases, tags, mentors, mentees, comments, enrolments] = await Promise.all([
    profileDetails(auth, userId),
    panel(() => visibleUser(auth, userId), 'roles', withheld),
    panel(() => locationsDetails(auth, userId), 'locations', withheld),
    panel(() => listMemberships(auth, userId), 'memberships', withheld),
    panel(() => userAliases(auth, userId), 'aliases', withheld),
    panel(() => userTags(auth, userId), 'tags', withheld),
    panel(() => listMentors(auth, userId), 'mentors', withheld),
    panel(() => listMentees(auth, userId), 'mentees', withheld),
    panel(() => listComments(auth, userId), 'comments', withheld),
    profileTrackInstances(auth, userId),
  ]);
  const { canEdit: _canEdit, canManageAll: _canManageAll, version: _version, ...profile } = details;
  return {
    person: {
      exportedAt,
      exportedBy: { id: auth.userId, firstName: auth.user.firstName, lastName: auth.user.lastName },
      profile,
      roles: account?.roles ?? null,
      locations,
      memberships,
      aliases,
      tags,
      mentors,
      mentees,
      comments,
      enrolments: enrolments.map((row) => ({ id: row.trackInstanceId, trackName: row.trackName, status: row.status })),
      withheld,
    },
    enrolments: enrolments.map((row) => ({ id: row.trackInstanceId, trackName: row.trackName })),
  };
}

/** Every `{ key, name }` with a file key in a form's answers (File fields, also inside List rows). */
function answeredFileKeys(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) answeredFileKeys(item, into);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.key === 'string' && typeof record.name === 'string' && fileKeySchema.safeParse(record.key).success) into.add(record.key);
  for (const child of Object.values(record)) answeredFileKeys(child, into);
}

export interface EnrolmentPart {
  enrolment: Record<string, unknown>;
  files: ExportFile[];
}

/**
 * One enrolment as the requester may see it: phases, steps with their contents, answers and decisions
 * (a committee vote's state and, where the requester may see it, its tally); the files named. The
 * candidate packet reads it too, without the History (`history: false`).
 */
export async function gatherEnrolment(
  auth: AuthContext,
  trackInstanceId: string,
  options: { history?: boolean; /** A committee member's packet: the enrolment opened to them, the steps the step page refuses them left out. */ committeeOnly?: boolean } = {},
): Promise<EnrolmentPart> {
  const instance = await readTrackInstance(auth, trackInstanceId, options.committeeOnly ? (item) => sitsOnTrackCommittee(auth.userId, item.trackTemplateId) : undefined);
  const fileKeys = new Set<string>();
  const phases = [];
  for (const phase of instance.phases) {
    const steps = [];
    for (const step of phase.steps) {
      const opened = await readStepPage(auth, step.id).catch((error: unknown) => {
        if (options.committeeOnly && error instanceof ForbiddenError) return null;
        throw error;
      });
      if (!opened) continue;
      const { page } = opened;
      const contents = [];
      for (const content of page.contents) {
        const shown = !content.hidden;
        let answers: Record<string, unknown> | null = null;
        let form: Record<string, unknown> | null = null;
        if (shown && content.form) {
          const view = await formInstanceView(auth, content.form.formInstanceId);
          answers = view.data;
          form = { name: view.form.name, fields: view.form.fields.map((field) => ({ id: field.id, name: field.name, type: field.type })) };
          answeredFileKeys(view.data, fileKeys);
        }
        if (shown) for (const file of content.upload?.files ?? []) fileKeys.add(file.key);
        contents.push({
          name: content.name,
          type: content.type,
          role: content.roleName,
          private: content.isPrivate,
          hidden: content.hidden,
          done: content.done,
          ...(shown && content.task ? { task: content.task } : {}),
          ...(shown && content.upload ? { upload: { name: content.upload.name, submitted: content.upload.submitted, submittedAt: content.upload.submittedAt ?? null, files: content.upload.files.map((f) => ({ key: f.key, name: f.name })) } } : {}),
          ...(shown && content.form ? { form: { ...form, submitted: content.form.submitted, submittedAt: content.form.submittedAt ?? null, answers } } : {}),
        });
      }
      steps.push({
        id: page.id,
        name: page.name,
        status: page.status,
        dueAt: page.dueAt ?? null,
        required: step.required,
        contents,
        approvals: page.actions.map((action) => ({
          name: action.name,
          type: action.type,
          role: action.roleName,
          approved: action.approved,
          by: action.user,
          at: action.updatedAt ?? null,
          ...(action.vote ? { vote: { state: action.vote.state, group: action.vote.group.name, tally: action.vote.tally, closedAt: action.vote.closedAt ?? null } } : {}),
        })),
      });
    }
    phases.push({ name: phase.name, order: phase.order, steps });
  }
  const files = await readableFiles(auth, [...fileKeys]);
  return {
    enrolment: {
      id: instance.id,
      trackName: instance.trackName,
      status: instance.status,
      createdAt: instance.createdAt,
      advisors: instance.advisors,
      progress: instance.progress,
      phases,
      history: options.history === false ? null : await enrolmentHistory(auth, trackInstanceId),
      files: files.map((file) => ({ key: file.key, name: file.name, size: file.size, contentType: file.contentType })),
    },
    files,
  };
}

/** The files the file service lets the requester read, 100 keys a read. */
async function readableFiles(auth: AuthContext, keys: string[]): Promise<ExportFile[]> {
  const files: ExportFile[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    for (const view of await fileInstances(auth, keys.slice(start, start + 100))) {
      if (view.status === 'confirmed') files.push({ key: view.key, name: view.name, size: view.size, contentType: view.contentType, uploadedAt: view.createdAt });
    }
  }
  return files;
}
