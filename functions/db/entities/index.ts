/**
 * Every entity of the one table, by the name the Service exposes (`db().entities.<name>`).
 * Adding an entity here is all it takes for the table definition to include its indexes.
 */
import { alias } from './alias';
import { announcement } from './announcement';
import { associatedFile } from './associated-file';
import { auditEntry } from './audit-entry';
import { auditHead } from './audit-head';
import { churchMembership } from './church-membership';
import { claim } from './claim';
import { comment } from './comment';
import { directoryCount } from './directory-count';
import { directoryEntry } from './directory-entry';
import { emailChange } from './email-change';
import { enrolmentTransfer } from './enrolment-transfer';
import { emailDigestLine, notificationSmsDay } from './email-digest-line';
import { emailSuppression } from './email-suppression';
import { fileReference } from './file-reference';
import { form } from './form';
import { formCount } from './form-count';
import { formInstance } from './form-instance';
import { formVersion } from './form-version';
import { job } from './job';
import { importChunk } from './import-chunk';
import { localAccount } from './local-account';
import { location } from './location';
import { mentorAssignment } from './mentor-assignment';
import { mergeHeader, mergeRecord } from './merge-record';
import { notification } from './notification';
import { notificationCounter } from './notification-counter';
import { outbox } from './outbox';
import { permission } from './permission';
import { phaseTemplate } from './phase-template';
import { phoneVerification, smsSendCount } from './phone-verification';
import { readEntry } from './read-entry';
import { projection } from './projection';
import { rateCounter } from './rate-counter';
import { legalHold } from './legal-hold';
import { retentionCase } from './retention-case';
import { retentionPolicy } from './retention-policy';
import { overdueDigestLine, overdueDigestRecipient } from './overdue-digest';
import { reminderMark } from './reminder-mark';
import { role } from './role';
import { scopeTally } from './scope-tally';
import { session } from './session';
import { stepActionInstance } from './step-action-instance';
import { committeeBallot } from './committee-ballot';
import { panelAvailability, panelInterview } from './panel-interview';
import { stepActionTemplate } from './step-action-template';
import { stepContentInstance } from './step-content-instance';
import { stepContentTemplate } from './step-content-template';
import { stepInstance } from './step-instance';
import { stepTemplate } from './step-template';
import { tag } from './tag';
import { trackAssignee } from './track-assignee';
import { trackInstance } from './track-instance';
import { trackTemplate } from './track-template';
import { uploadedFile } from './uploaded-file';
import { user } from './user';
import { userEmail } from './user-email';
import { userGroup } from './user-group';
import { userGroupMember } from './user-group-member';
import { userRole } from './user-role';
import { userTag } from './user-tag';

export const entities = {
  // people and sign-in
  user,
  userEmail,
  userRole,
  permission,
  session,
  localAccount,
  alias,
  tag,
  userTag,
  churchMembership,
  comment,
  mentorAssignment,
  uploadedFile,
  associatedFile,
  fileReference,
  // merge records, for the undo (issue 25, item 5)
  mergeHeader,
  mergeRecord,
  // shell
  role,
  announcement,
  notification,
  notificationCounter,
  outbox,
  // delivery policy (issue 13): digest lines, the daily SMS count
  emailDigestLine,
  notificationSmsDay,
  // verification and suppression (issue 9)
  phoneVerification,
  smsSendCount,
  emailSuppression,
  emailChange,
  // per-caller rate limits (issue 23)
  rateCounter,
  // audit trail (issue 25)
  auditEntry,
  auditHead,
  // retention and legal holds (issue 25)
  retentionPolicy,
  legalHold,
  retentionCase,
  // read-access log (issue 25)
  readEntry,
  // write path: unique names, projections, background jobs
  claim,
  projection,
  job,
  importChunk,
  // organisation
  location,
  directoryEntry,
  directoryCount,
  scopeTally,
  userGroup,
  userGroupMember,
  // tracks
  trackTemplate,
  phaseTemplate,
  stepTemplate,
  stepContentTemplate,
  stepActionTemplate,
  trackInstance,
  trackAssignee,
  stepInstance,
  stepContentInstance,
  stepActionInstance,
  committeeBallot,
  panelInterview,
  panelAvailability,
  // transfers between conferences (issue 26)
  enrolmentTransfer,
  // reminders and escalation (issue 13)
  reminderMark,
  overdueDigestLine,
  overdueDigestRecipient,
  // forms
  form,
  formCount,
  formVersion,
  formInstance,
};

export type Entities = typeof entities;
