import * as z from 'zod';
import type { Control } from 'react-hook-form';
import { COMMITTEE_VOTE, type Majority, type MajorityBase, type QuorumKind } from '@shared/schemas/committee-vote';
import type { FileRef } from '../../../lib/files/upload-file';
import { DEFAULT_ACTION_ROLE_ID, DEFAULT_CONTENT_ROLE_ID, stepFormSchema, type ACTION_TYPES, type CONTENT_TYPES, type StepDetail, type StepFormValues, type UPLOAD_TYPES } from '@shared/schemas/step';

/**
 * The step form's state: every content keeps the fields of all three types, so switching a
 * content's type loses nothing typed; the shared schema keeps only the chosen type's part.
 */
export interface ContentState {
  id?: string;
  type: (typeof CONTENT_TYPES)[number];
  name: string;
  roleId: string;
  isPrivate: boolean;
  approvedRoles: string[];
  task: { name: string; description: string };
  upload: { name: string; multiple: boolean; type: (typeof UPLOAD_TYPES)[number]; instructions: string };
  formId: string;
}

/** A committee vote's rule as its fields hold it: the quorum is null while its box is empty. */
export interface VoteRuleState {
  userGroupId: string;
  quorumKind: QuorumKind;
  quorum: number | null;
  majority: Majority;
  base: MajorityBase;
}

/** Every action keeps a vote rule, so switching its type away from Committee Vote and back loses nothing. */
export interface ActionState {
  id?: string;
  type: (typeof ACTION_TYPES)[number];
  name: string;
  roleId: string;
  vote: VoteRuleState;
}

export interface StepFormState {
  name: string;
  description: string;
  required: boolean;
  inactive: boolean;
  /** Days after the step becomes Ready until it is late; null: no due date. */
  dueDays: number | null;
  contents: ContentState[];
  actions: ActionState[];
  /** Files as the list shows them; the schema sends their keys. */
  attachments: FileRef[];
}

/** Only a committee vote sends its rule (the server refuses one on any other action). */
function withVotesOfVotesOnly(state: unknown): unknown {
  const form = state as StepFormState;
  if (!form || !Array.isArray(form.actions)) return state;
  return { ...form, actions: form.actions.map((action) => ({ ...action, vote: action.type === COMMITTEE_VOTE ? action.vote : null })) };
}

/** The shared schema, typed over the form's state (its output is what the server takes). */
export const stepFormStateSchema = z.preprocess(withVotesOfVotesOnly, stepFormSchema) as unknown as z.ZodType<StepFormValues, StepFormState>;

/** SPEC.md section 6: Participant completes content by default. */
export function newContent(): ContentState {
  return {
    type: 'Task',
    name: '',
    roleId: DEFAULT_CONTENT_ROLE_ID,
    isPrivate: false,
    approvedRoles: [],
    task: { name: '', description: '' },
    upload: { name: '', multiple: false, type: 'Any', instructions: '' },
    formId: '',
  };
}

export function newVoteRule(): VoteRuleState {
  return { userGroupId: '', quorumKind: 'count', quorum: null, majority: 'simple', base: 'cast' };
}

/** SPEC.md section 6: Advisor signs or approves by default. */
export function newAction(): ActionState {
  return { type: 'Approval', name: '', roleId: DEFAULT_ACTION_ROLE_ID, vote: newVoteRule() };
}

export function toFormState(step?: StepDetail): StepFormState {
  if (!step) return { name: '', description: '', required: false, inactive: false, dueDays: null, contents: [newContent()], actions: [], attachments: [] };
  const blank = newContent();
  return {
    name: step.name,
    description: step.description,
    required: step.required,
    inactive: step.inactive,
    dueDays: step.dueDays,
    contents: step.contents.map((c) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      roleId: c.roleId,
      isPrivate: c.isPrivate,
      approvedRoles: c.approvedRoles,
      task: c.task ?? blank.task,
      upload: c.upload ?? blank.upload,
      formId: c.formId ?? '',
    })),
    actions: step.actions.map((a) => ({ id: a.id, type: a.type, name: a.name, roleId: a.roleId, vote: a.vote ? { ...a.vote } : newVoteRule() })),
    attachments: step.attachments.map((file) => ({ key: file.key, name: file.name, size: file.size })),
  };
}

/** Server field paths the form shows under a field; anything else goes to the banner. */
export const isShownStepField = (path: string) => /^(name|description|dueDays|contents|actions|attachments)(\.|$)/.test(path);

/** The form's control as the part editors take it (its output type is the schema's). */
export type StepControl = Control<StepFormState, unknown, StepFormValues>;
