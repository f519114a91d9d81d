import * as z from 'zod';
import { idOf, idSchema } from '../api/id-list';
import { STEP_STATUSES, TRACK_INSTANCE_STATUSES } from '../tracks/statuses';

/**
 * Track instances (SPEC.md sections 2, 3 and 7): enrolment, the participant's track page and
 * the direct status change. Limits: up to 20 participants and 5 advisors at once.
 */
export const ENROL_PARTICIPANTS_MAX = 20;
export const ENROL_ADVISORS_MAX = 5;

export const PARTICIPANT_REQUIRED = 'Please select a Participant to continue.';
export const ADVISOR_REQUIRED = 'Please select an Advisor to continue.';
export const TRACK_REQUIRED = 'Please select a Track to continue.';
export const PARTICIPANT_NEEDS_DISTRICT = 'The selected participant needs to have a district added to their profile.';
export const ADDER_HAS_NO_DISTRICT = 'You currently do not have a district on your profile. Please contact an admin to resolve this issue to continue.';

const distinct = (ids: string[]) => new Set(ids).size === ids.length;

/** `POST track/instance`: Add Participant (from the track) and Add Track (from the profile). */
export const enrolSchema = z.object({
  trackId: idOf(TRACK_REQUIRED),
  participantIds: z
    .array(idSchema)
    .min(1, PARTICIPANT_REQUIRED)
    .max(ENROL_PARTICIPANTS_MAX, `At most ${ENROL_PARTICIPANTS_MAX} participants at once.`)
    .refine(distinct, 'Name each participant once.'),
  advisorIds: z.array(idSchema).min(1, ADVISOR_REQUIRED).max(ENROL_ADVISORS_MAX, `At most ${ENROL_ADVISORS_MAX} advisors.`).refine(distinct, 'Name each advisor once.'),
  /** The district of the enrolment when the participant has no active district: one of the adder's districts. */
  locationId: idSchema.optional(),
});
export type EnrolInput = z.infer<typeof enrolSchema>;

/** 201: the enrolments made (each in one transaction); a large track answers 202 `{ jobId }` instead. */
export const enrolledSchema = z.object({ trackInstanceIds: z.array(z.string()) });

export const trackInstanceStatusSchema = z.enum(TRACK_INSTANCE_STATUSES, { error: 'Choose a status.' });
export const stepStatusSchema = z.enum(STEP_STATUSES);

/** A prerequisite a locked step waits for, and the roles responsible for its content and actions. */
const waitsForSchema = z.object({ stepInstanceId: z.string().nullable(), name: z.string(), responsible: z.array(z.string()) });

export const instanceStepSchema = z.object({
  id: z.string(),
  stepTemplateId: z.string(),
  name: z.string(),
  status: stepStatusSchema,
  required: z.boolean(),
  /** The step's template was deactivated: shown only while Completed or PendingReview. */
  inactive: z.boolean(),
  dueAt: z.string().nullable(),
  /** For an Unavailable step: the prerequisites not yet Completed. */
  waitsFor: z.array(waitsForSchema),
});
export type InstanceStep = z.infer<typeof instanceStepSchema>;

export const instancePhaseSchema = z.object({ id: z.string(), name: z.string(), order: z.number().int(), steps: z.array(instanceStepSchema) });

/** `GET track/track-instance/{id}`: the participant's track page. */
export const trackInstanceViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: trackInstanceStatusSchema,
  trackTemplateId: z.string(),
  trackName: z.string(),
  createdAt: z.string(),
  participant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), avatarUrl: z.string().nullable() }),
  advisors: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
  phases: z.array(instancePhaseSchema),
  /** Completed of the visible required steps. */
  progress: z.object({ completed: z.number().int(), total: z.number().int() }),
  /** The participant's advisor or a track-override role (SPEC.md section 6), never the participant. */
  canChangeStatus: z.boolean(),
  /** Active step templates without a step instance yet (added since enrolment): the page asks verify-step-instances. */
  missingSteps: z.number().int(),
});
export type TrackInstanceView = z.infer<typeof trackInstanceViewSchema>;

export const instanceStatusChangeSchema = z.object({ id: idSchema, status: trackInstanceStatusSchema, version: z.number({ error: 'version is required' }).int().min(1) });
export const instanceRemovalSchema = z.object({ id: idSchema, version: z.number({ error: 'version is required' }).int().min(1) });

/** What verify-step-instances did: the step instances it created. */
export const verifiedStepsSchema = z.object({ created: z.number().int() });
