import { PRIVATE_CONTENT_MESSAGE } from '../../../../shared/auth/policies/private-content';
import { takesAnswer, type FieldType } from '../../../../shared/forms/field-types';
import { STEP_STATUS_LABELS } from '../../../../shared/tracks/statuses';
import type { PdfBlock } from '../../../lib/pdf/pdf-writer';

/**
 * What the candidate packet shows (issue 27, item 5), laid out as the PDF's blocks from the
 * enrolment as gatherEnrolment read it with the requester's rights: so private content they may not
 * view is its name and the step page's notice (PRIVATE_CONTENT_MESSAGE), never more. Pure: the job
 * (packet-job.ts) reads, this only lays out.
 */

type Person = { firstName: string; lastName: string } | null;

/** The part of gatherEnrolment's enrolment the packet reads. */
export interface GatheredEnrolment {
  trackName: string;
  status: string;
  createdAt: string;
  advisors: { firstName: string; lastName: string }[];
  progress: { completed: number; total: number };
  phases: {
    name: string;
    order: number;
    steps: {
      name: string;
      status: string;
      dueAt: string | null;
      required: boolean;
      contents: {
        name: string;
        type: string;
        role: string;
        hidden: boolean;
        done: boolean;
        task?: { name: string; completed: boolean; completedAt?: string };
        upload?: { submitted: boolean; submittedAt: string | null; files: { name: string }[] };
        form?: { name: string; submitted: boolean; submittedAt: string | null; fields: { id: string; name: string; type: string }[]; answers: Record<string, unknown> | null };
      }[];
      approvals: {
        name: string;
        type: string;
        role: string;
        approved: boolean | null;
        by: Person;
        at: string | null;
        vote?: { state: string; group: string; tally: { approve: number; deny: number; abstain: number; recused: number } | null; closedAt: string | null };
      }[];
    }[];
  }[];
  files: { name: string; size: number; uploadedAt?: string }[];
}

export interface PacketProfile {
  firstName: string;
  lastName: string;
  email: string;
  location: string;
}

/** A long answer is cut here: the packet is for reading at a meeting, its source stays the form. */
const ANSWER_MAX = 10_000;

const personName = (person: Person) => (person ? `${person.firstName} ${person.lastName}`.trim() : '');
/** 2026-12-07 15:04 UTC: the same for every reader, whatever their zone. */
export const utcTime = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '');
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An answer as words: Yes and No, a file's name, a list's items, a List row's cells. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, ANSWER_MAX);
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join('; ').slice(0, ANSWER_MAX);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string' && typeof record.key === 'string') return record.name;
    return Object.values(record).map(answerText).filter(Boolean).join(', ').slice(0, ANSWER_MAX);
  }
  return '';
}

function decision(action: GatheredEnrolment['phases'][number]['steps'][number]['approvals'][number]): string {
  const outcome = action.approved === null ? 'Not decided' : action.type === 'Signature' ? (action.approved ? 'Signed' : 'Declined') : action.approved ? 'Approved' : 'Denied';
  const by = action.approved === null ? '' : [personName(action.by), utcTime(action.at)].filter(Boolean).join(', ');
  if (!action.vote) return by ? `${outcome} (${by})` : outcome;
  const state = action.vote.state === 'closed' ? `closed ${utcTime(action.vote.closedAt)}` : action.vote.state === 'open' ? 'open' : 'not opened';
  const tally = action.vote.tally ? `; ${action.vote.tally.approve} approve, ${action.vote.tally.deny} deny, ${action.vote.tally.abstain} abstain, ${action.vote.tally.recused} recused` : '';
  return `${outcome}. Vote of ${action.vote.group}: ${state}${tally}`;
}

function contentStatus(content: GatheredEnrolment['phases'][number]['steps'][number]['contents'][number]): string {
  if (content.hidden) return PRIVATE_CONTENT_MESSAGE;
  if (content.task) return `${content.task.name}: ${content.task.completed ? `done ${utcTime(content.task.completedAt)}`.trim() : 'not done'}`;
  if (content.upload) return content.upload.submitted ? `Submitted ${utcTime(content.upload.submittedAt)}`.trim() : 'Not submitted';
  if (content.form) return content.form.submitted ? `Submitted ${utcTime(content.form.submittedAt)}`.trim() : 'Not submitted';
  return content.done ? 'Done' : 'Not done';
}

function stepBlocks(step: GatheredEnrolment['phases'][number]['steps'][number]): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { type: 'H3', text: step.name },
    { type: 'P', text: [`Status: ${STEP_STATUS_LABELS[step.status as keyof typeof STEP_STATUS_LABELS] ?? step.status}`, step.required ? 'Required' : 'Optional', step.dueAt ? `Due ${day(step.dueAt)}` : ''].filter(Boolean).join('. ') },
  ];
  if (step.contents.length) {
    blocks.push({ type: 'Table', header: ['Item', 'Completed by', 'Status'], widths: [3, 2, 4], rows: step.contents.map((c) => [c.name, c.role, contentStatus(c)]) });
  }
  for (const content of step.contents) {
    if (content.hidden || !content.form?.answers) continue;
    const answers = content.form.answers;
    const rows = content.form.fields.filter((field) => takesAnswer(field.type as FieldType)).map((field) => [field.name, answerText(answers[field.id])]);
    blocks.push({ type: 'P', text: `Answers: ${content.name}` });
    blocks.push({ type: 'Table', header: ['Question', 'Answer'], widths: [2, 3], rows });
  }
  for (const content of step.contents) {
    if (!content.hidden && content.upload?.files.length) {
      blocks.push({ type: 'P', text: `Files of ${content.name}:` });
      blocks.push({ type: 'L', items: content.upload.files.map((f) => f.name) });
    }
  }
  if (step.approvals.length) {
    blocks.push({ type: 'Table', header: ['Decision', 'By role', 'Outcome'], widths: [3, 2, 4], rows: step.approvals.map((a) => [`${a.name} (${a.type})`, a.role, decision(a)]) });
  }
  return blocks;
}

export const COMMITTEE_ONLY_NOTE = "Only the steps of your committee's votes are included: the rest of this enrolment is not yours to open.";

/** The packet's blocks: the summary, then each phase with its steps, then the documents. */
export function packetBlocks(profile: PacketProfile, enrolment: GatheredEnrolment, preparedFor: string, at: string, committeeOnly = false): PdfBlock[] {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const blocks: PdfBlock[] = [
    { type: 'H1', text: `Candidate packet: ${name}` },
    { type: 'P', text: `${enrolment.trackName}. Prepared for ${preparedFor} on ${utcTime(at)}. Confidential: for the committee's meeting.` },
    ...(committeeOnly ? [{ type: 'P' as const, text: COMMITTEE_ONLY_NOTE }] : []),
    { type: 'H2', text: 'Profile summary' },
    {
      type: 'Table',
      header: ['Field', 'Value'],
      widths: [1, 3],
      rows: [
        ['Name', name],
        ['Email', profile.email],
        ['Location', profile.location],
        ['Track', enrolment.trackName],
        ['Status', enrolment.status],
        ['Enrolled', day(enrolment.createdAt)],
        ['Advisors', enrolment.advisors.map(personName).join(', ') || 'None'],
        ['Progress', `${enrolment.progress.completed} of ${enrolment.progress.total} required steps completed`],
      ],
    },
  ];
  for (const phase of enrolment.phases) {
    blocks.push({ type: 'H2', text: `Phase ${phase.order}: ${phase.name}` });
    if (!phase.steps.length) blocks.push({ type: 'P', text: 'No steps in this phase.' });
    for (const step of phase.steps) blocks.push(...stepBlocks(step));
  }
  blocks.push({ type: 'H2', text: 'Documents' });
  if (enrolment.files.length) {
    blocks.push({ type: 'Table', header: ['Name', 'Size', 'Uploaded'], widths: [4, 1, 2], rows: enrolment.files.map((f) => [f.name, fileSize(f.size), utcTime(f.uploadedAt)]) });
  } else {
    blocks.push({ type: 'P', text: 'No documents you may read.' });
  }
  return blocks;
}
