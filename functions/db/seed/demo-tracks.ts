import { DEMO_LOCATION_IDS } from './demo-organisation';
import { demoUserByRole } from './demo-people';
import { SYSTEM_ROLES } from '../../../shared/auth/system-roles';
import { SYSTEM_LOCATION_ID } from '../entities/location';

/** Ids of the demo track, form and the participant's enrolment. */
export const DEMO_INSTANCE_IDS = {
  form: 'demo-form-background',
  trackTemplate: 'demo-track-candidacy',
  discernmentPhase: 'demo-phase-discernment',
  formationPhase: 'demo-phase-formation',
  callStoryTemplate: 'demo-step-call-story',
  transcriptTemplate: 'demo-step-transcript',
  questionnaireTemplate: 'demo-step-questionnaire',
  /** After the questionnaire (its prerequisite): the advisor's interview notes (private) and the participant's signature. */
  interviewTemplate: 'demo-step-interview',
  trackInstance: 'demo-instance-candidacy',
  callStoryStep: 'demo-step-instance-call-story',
  transcriptStep: 'demo-step-instance-transcript',
  questionnaireStep: 'demo-step-instance-questionnaire',
  questionnaireForm: 'demo-form-instance-questionnaire',
  /** Unavailable until the questionnaire is Completed. */
  interviewStep: 'demo-step-instance-interview',
  systemTrack: 'demo-track-licensing',
  systemPhase: 'demo-phase-licensing-basics',
  systemStep: 'demo-step-licensing-reading',
} as const;

const ids = DEMO_INSTANCE_IDS;
const SEEDED_AT = '2025-01-06T15:00:00.000Z';

function roleId(name: string): string {
  const found = SYSTEM_ROLES.find((role) => role.name === name);
  if (!found) throw new Error(`No system role ${name}`);
  return found.id;
}

const FORM_FIELDS = [
  { id: 'legal-name', name: 'Full legal name', type: 'Text', properties: { required: true, maxLength: 120 } },
  { id: 'birth-date', name: 'Date of birth', type: 'Date', properties: { required: true } },
  { id: 'call', name: 'Describe your call to ministry', type: 'TextArea', properties: { required: true, maxLength: 2000 } },
  { id: 'language', name: 'Preferred language', type: 'Select', properties: { options: ['English', 'Spanish', 'Korean', 'Swahili'] } },
  { id: 'confirm', name: 'I confirm the answers above are true', type: 'Checkbox', properties: { required: true } },
  { id: 'reference', name: 'Letter of reference', type: 'File', properties: { name: 'Reference letter', type: 'Document', multiple: false, instructions: 'A signed letter from your pastor (PDF or Word).' } },
];
const FORM_LAYOUT = [
  { id: 'row-1', children: [{ id: 'cell-1', fieldId: 'legal-name', span: 2 }, { id: 'cell-2', fieldId: 'birth-date', span: 1 }] },
  { id: 'row-2', children: [{ id: 'cell-3', fieldId: 'call', span: 3 }] },
  { id: 'row-3', children: [{ id: 'cell-4', fieldId: 'language', span: 1 }, { id: 'cell-5', fieldId: 'confirm', span: 2 }] },
  { id: 'row-4', children: [{ id: 'cell-6', fieldId: 'reference', span: 3 }] },
];

export function demoFormItems() {
  const name = 'Candidate Background Questionnaire';
  return {
    form: { formId: ids.form, name, description: 'Background questions for new candidates.', system: false, currentVersion: 1, layout: FORM_LAYOUT, fields: FORM_FIELDS, createdAt: SEEDED_AT },
    formVersion: { formId: ids.form, formVersion: 1, name, layout: FORM_LAYOUT, fields: FORM_FIELDS, createdAt: SEEDED_AT },
  };
}

/** The template aggregate: 2 phases, 3 steps (task, upload, form content; two approvals). */
export function demoTrackTemplateItems() {
  const trackTemplateId = ids.trackTemplate;
  const participantRole = roleId('Participant');
  const advisorRole = roleId('Advisor');
  return {
    trackTemplate: {
      trackTemplateId,
      name: 'Candidacy Pathway',
      description: 'From first conversation to certified candidate: discernment, then formation.',
      conferenceId: DEMO_LOCATION_IDS.conference1,
      episcopalAreaId: DEMO_LOCATION_IDS.episcopalArea1,
      roles: [participantRole, advisorRole],
      instanceCount: 1,
      /** The candidacy interview panel (demo-groups.ts). */
      userGroupCount: 1,
      createdAt: SEEDED_AT,
    },
    phases: [
      { trackTemplateId, phaseId: ids.discernmentPhase, name: 'Discernment', description: 'Explore and share your call.', order: 1 },
      { trackTemplateId, phaseId: ids.formationPhase, name: 'Formation', description: 'Background and readiness.', order: 2 },
    ],
    steps: [
      { trackTemplateId, phaseId: ids.discernmentPhase, stepTemplateId: ids.callStoryTemplate, name: 'Share your call story', description: '<p>Write a short account of how you sensed a call to ministry.</p>', required: true },
      { trackTemplateId, phaseId: ids.discernmentPhase, stepTemplateId: ids.transcriptTemplate, name: 'Upload your transcript', description: '<p>Upload your most recent academic transcript.</p>', required: true },
      { trackTemplateId, phaseId: ids.formationPhase, stepTemplateId: ids.questionnaireTemplate, name: 'Background questionnaire', description: '<p>Complete the background questionnaire.</p>', required: true },
      { trackTemplateId, phaseId: ids.formationPhase, stepTemplateId: ids.interviewTemplate, name: 'Readiness interview', description: '<p>Meet your advisor once the questionnaire is done.</p>', required: true, prerequisites: [ids.questionnaireTemplate] },
    ],
    contents: [
      { trackTemplateId, stepTemplateId: ids.callStoryTemplate, contentTemplateId: 'demo-content-call-story', type: 'Task' as const, name: 'Call story', roleId: participantRole, task: { name: 'Write your call story', description: 'One or two pages, shared with your advisor.' } },
      { trackTemplateId, stepTemplateId: ids.transcriptTemplate, contentTemplateId: 'demo-content-transcript', type: 'Upload' as const, name: 'Transcript', roleId: participantRole, isPrivate: true, approvedRoles: [advisorRole], upload: { name: 'Transcript', multiple: false, type: 'Document' as const, instructions: 'A PDF or Word document.' } },
      { trackTemplateId, stepTemplateId: ids.questionnaireTemplate, contentTemplateId: 'demo-content-questionnaire', type: 'Form' as const, name: 'Questionnaire', roleId: participantRole, formId: ids.form },
      { trackTemplateId, stepTemplateId: ids.interviewTemplate, contentTemplateId: 'demo-content-interview', type: 'Task' as const, name: 'Interview notes', roleId: advisorRole, isPrivate: true, approvedRoles: [advisorRole], task: { name: 'Record the interview', description: 'Notes from the readiness interview.' } },
    ],
    actions: [
      { trackTemplateId, stepTemplateId: ids.callStoryTemplate, actionTemplateId: 'demo-action-call-story', type: 'Approval' as const, name: 'Advisor approval', roleId: advisorRole },
      { trackTemplateId, stepTemplateId: ids.questionnaireTemplate, actionTemplateId: 'demo-action-questionnaire', type: 'Approval' as const, name: 'Advisor approval', roleId: advisorRole },
      { trackTemplateId, stepTemplateId: ids.interviewTemplate, actionTemplateId: 'demo-action-interview', type: 'Signature' as const, name: 'Participant signature', roleId: participantRole },
    ],
  };
}

/** A system track (no conference): superadmins edit it, conference admins copy it into their conference. */
export function demoSystemTrackItems() {
  const trackTemplateId = ids.systemTrack;
  return {
    trackTemplate: {
      trackTemplateId,
      name: 'Licensing School Pathway',
      description: 'The shared pathway every conference can copy: study, then a reflection.',
      conferenceId: SYSTEM_LOCATION_ID,
      episcopalAreaId: SYSTEM_LOCATION_ID,
      /** The licensing readers (demo-groups.ts). */
      userGroupCount: 1,
      createdAt: SEEDED_AT,
    },
    phases: [{ trackTemplateId, phaseId: ids.systemPhase, name: 'Foundations', description: 'Reading and reflection.', order: 1 }],
    steps: [{ trackTemplateId, phaseId: ids.systemPhase, stepTemplateId: ids.systemStep, name: 'Reading reflection', description: '<p>Reflect on the assigned reading.</p>', required: true }],
    contents: [
      { trackTemplateId, stepTemplateId: ids.systemStep, contentTemplateId: 'demo-content-licensing-reading', type: 'Task' as const, name: 'Reflection', roleId: roleId('Participant'), task: { name: 'Write a reflection', description: 'One page on the assigned reading.' } },
    ],
  };
}

/** The participant's enrolment with the advisor assigned. */
export function demoTrackInstanceItems() {
  const participant = demoUserByRole('Participant');
  const advisor = demoUserByRole('Advisor');
  const advisorRole = roleId('Advisor');
  const trackInstanceId = ids.trackInstance;
  const trackTemplateId = ids.trackTemplate;
  const trackName = 'Candidacy Pathway';
  const person = (user: typeof participant) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const step = (stepInstanceId: string, phaseId: string, stepTemplateId: string, status: 'Ready' | 'Unavailable') => ({
    trackInstanceId,
    stepInstanceId,
    trackTemplateId,
    phaseId,
    stepTemplateId,
    participantId: participant.id,
    status,
  });
  return {
    trackInstance: {
      trackInstanceId,
      trackTemplateId,
      trackName,
      conferenceId: DEMO_LOCATION_IDS.conference1,
      districtId: DEMO_LOCATION_IDS.district1,
      status: 'Open' as const,
      participantId: participant.id,
      participant: person(participant),
      sortName: `${participant.lastName} ${participant.firstName}`.toLowerCase(),
      assignees: [{ userId: advisor.id, roleId: advisorRole, roleName: 'Advisor', firstName: advisor.firstName, lastName: advisor.lastName }],
      createdAt: SEEDED_AT,
    },
    assignee: {
      trackInstanceId,
      assigneeId: advisor.id,
      roleId: advisorRole,
      roleName: 'Advisor',
      assignee: person(advisor),
      trackTemplateId,
      trackName,
      participantId: participant.id,
      participant: person(participant),
      createdAt: SEEDED_AT,
    },
    steps: [
      step(ids.callStoryStep, ids.discernmentPhase, ids.callStoryTemplate, 'Ready'),
      step(ids.transcriptStep, ids.discernmentPhase, ids.transcriptTemplate, 'Ready'),
      step(ids.questionnaireStep, ids.formationPhase, ids.questionnaireTemplate, 'Ready'),
      step(ids.interviewStep, ids.formationPhase, ids.interviewTemplate, 'Unavailable'),
    ],
    contents: [
      { trackInstanceId, stepInstanceId: ids.callStoryStep, contentInstanceId: 'demo-content-instance-call-story', contentTemplateId: 'demo-content-call-story', type: 'Task' as const, task: { completed: false } },
      { trackInstanceId, stepInstanceId: ids.transcriptStep, contentInstanceId: 'demo-content-instance-transcript', contentTemplateId: 'demo-content-transcript', type: 'Upload' as const, upload: { submitted: false, files: [] } },
      { trackInstanceId, stepInstanceId: ids.questionnaireStep, contentInstanceId: 'demo-content-instance-questionnaire', contentTemplateId: 'demo-content-questionnaire', type: 'Form' as const, formInstanceId: ids.questionnaireForm },
      { trackInstanceId, stepInstanceId: ids.interviewStep, contentInstanceId: 'demo-content-instance-interview', contentTemplateId: 'demo-content-interview', type: 'Task' as const, task: { completed: false } },
    ],
    actions: [
      { trackInstanceId, stepInstanceId: ids.callStoryStep, actionInstanceId: 'demo-action-instance-call-story', actionTemplateId: 'demo-action-call-story' },
      { trackInstanceId, stepInstanceId: ids.questionnaireStep, actionInstanceId: 'demo-action-instance-questionnaire', actionTemplateId: 'demo-action-questionnaire' },
      { trackInstanceId, stepInstanceId: ids.interviewStep, actionInstanceId: 'demo-action-instance-interview', actionTemplateId: 'demo-action-interview' },
    ],
    formInstance: {
      trackInstanceId,
      formInstanceId: ids.questionnaireForm,
      stepInstanceId: ids.questionnaireStep,
      contentInstanceId: 'demo-content-instance-questionnaire',
      participantId: participant.id,
      formId: ids.form,
      formVersion: 1,
      title: 'Candidate Background Questionnaire',
      trackName,
      phaseName: 'Formation',
      stepName: 'Background questionnaire',
      data: {},
      submitted: false,
    },
  };
}
