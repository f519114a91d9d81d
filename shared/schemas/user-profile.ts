import * as z from 'zod';
import { US_STATE_CODES } from '../forms/us-states';
import { formatPhone, PHONE_LENGTH_MESSAGE, phoneProblem } from '../forms/phone';
import { emailSchema, firstNameSchema, lastNameSchema } from './user';

/** The enumerations of SPEC.md section 3 a profile's details pick from. */
export const USER_TITLES = ['Mr.', 'Mrs.', 'Ms.', 'Prof.', 'Dr.', 'Rev.', 'Rev. Dr.'] as const;
export const USER_SUFFIXES = ['Sr.', 'Jr.', 'II', 'III', 'IV', 'PhD', 'Esq.', 'MD', 'Ret.'] as const;
export const USER_GENDERS = ['Male', 'Female', 'Non-binary', 'Prefer not to say'] as const;
export const USER_LANGUAGES = [
  'English', 'French', 'German', 'Hmong', 'Italian', 'Japanese', 'Korean', 'Mandarin', 'Portuguese', 'Russian', 'Spanish', 'Swahili', 'Vietnamese',
] as const;
export const USER_ETHNICITIES = [
  'American Indian or Alaska Native',
  'Asian',
  'Black or African American',
  'Hispanic/Latino',
  'Latino/a/x. or Spanish',
  'Middle Eastern or North African',
  'Native Hawaiian or Pacific Islander',
  'Caucasian/White',
  'Multiracial',
  'Declined',
  'Some other race or ethnicity',
] as const;

/** SPEC.md section 6: shown to manage-all users when the user has no active conference. */
export const MISSING_CONFERENCE_WARNING = 'There are no conferences assigned to this user...';

const NAME_MAX = 60;
const TEXT_MAX = 120;

/** An optional text: '' clears it; surrounding spaces are dropped. */
const optionalText = (label: string, max = TEXT_MAX) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();
/** An optional choice of a fixed list: '' clears it. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.union([z.enum(values, `Choose a ${label} from the list`), z.literal('')]).optional();

/**
 * A US phone number (SPEC.md section 5; shared/forms/phone.ts): ten digits, '+1' before them
 * allowed; stored grouped 3-3-4. An empty number is 'Invalid phone number length', not a
 * clearing: a form sends a phone only when it changed (profileDetailsFormSchema).
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(30, PHONE_LENGTH_MESSAGE)
  .superRefine((value, context) => {
    const problem = phoneProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform(formatPhone);

/** A calendar date, YYYY-MM-DD (the date helper's ISO form), not in the future. */
const dateOfBirthSchema = z
  .string()
  .max(10, 'Enter a date as YYYY-MM-DD')
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) && value <= new Date().toISOString().slice(0, 10)), 'Enter a date as YYYY-MM-DD')
  .optional();

export const addressSchema = z.object({
  street: optionalText('Street'),
  unit: optionalText('Unit', 30),
  city: optionalText('City', 60),
  state: optionalChoice(US_STATE_CODES, 'state'),
  zipCode: z.union([z.string().trim().max(10, 'Enter a 5-digit ZIP code').regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'), z.literal('')]).optional(),
});

/**
 * The fields of a profile's details card everyone who may edit the user may change. A new
 * email is claimed and confirmed by a link before it replaces the current one.
 */
export const profileDetailsInputSchema = z.object({
  title: optionalChoice(USER_TITLES, 'title'),
  firstName: firstNameSchema.max(NAME_MAX, `First Name must be at most ${NAME_MAX} characters`).optional(),
  middleName: optionalText('Middle Name', NAME_MAX),
  lastName: lastNameSchema.max(NAME_MAX, `Last Name must be at most ${NAME_MAX} characters`).optional(),
  suffix: optionalChoice(USER_SUFFIXES, 'suffix'),
  gender: optionalChoice(USER_GENDERS, 'gender'),
  dateOfBirth: dateOfBirthSchema,
  ethnicBackground: optionalChoice(USER_ETHNICITIES, 'ethnicity'),
  primaryLanguage: optionalChoice(USER_LANGUAGES, 'language'),
  email: emailSchema.max(254, 'Invalid email address').optional(),
  secondEmail: z.union([z.string().trim().max(254).email('Invalid email address'), z.literal('')]).optional(),
  phoneNumber: phoneNumberSchema.optional(),
  secondPhoneNumber: phoneNumberSchema.optional(),
  smsOptIn: z.boolean().optional(),
  emailNotificationsOptIn: z.boolean().optional(),
  emailDigest: z.boolean().optional(),
  gcfaId: optionalText('GCFA ID', 40),
  umcaresId: optionalText('UMCares ID', 40),
  address: addressSchema.optional(),
  /** Manage-all users only (SPEC.md section 6). */
  salesforceId: optionalText('Salesforce ID', 40),
  pid: optionalText('PID', 40),
});
export type ProfileDetailsInput = z.infer<typeof profileDetailsInputSchema>;

/**
 * The details card's form: the input schema, but a phone field still as loaded passes as it is
 * (a profile without a number saves its other fields; the card leaves it out of the save).
 */
export function profileDetailsFormSchema(loaded: { phoneNumber?: string; secondPhoneNumber?: string }) {
  const phoneAsLoaded = (as = '') =>
    z
      .string()
      .trim()
      .max(30, PHONE_LENGTH_MESSAGE)
      .superRefine((value, context) => {
        const problem = value === as ? null : phoneProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .transform((value) => (value === as ? undefined : formatPhone(value)))
      .optional();
  return profileDetailsInputSchema.extend({ phoneNumber: phoneAsLoaded(loaded.phoneNumber), secondPhoneNumber: phoneAsLoaded(loaded.secondPhoneNumber) });
}

/** Fields only a manage-all user sees and changes. */
export const MANAGE_ALL_FIELDS = ['salesforceId', 'pid'] as const;

/** A profile's details as the details card shows them, with what the caller may do. */
export const profileDetailsSchema = z.object({
  id: z.string(),
  title: z.string().optional(),
  firstName: z.string(),
  middleName: z.string().optional(),
  lastName: z.string(),
  suffix: z.string().optional(),
  gender: z.string().optional(),
  dateOfBirth: z.string().optional(),
  ethnicBackground: z.string().optional(),
  primaryLanguage: z.string().optional(),
  email: z.string(),
  /** A new email waiting for its confirmation link. */
  pendingEmail: z.string().optional(),
  /** A bounce or complaint stopped email to this address. */
  emailSuppressed: z.boolean(),
  /** Which, and when (present when `emailSuppressed`). */
  emailSuppression: z.object({ reason: z.enum(['bounce', 'complaint']), since: z.string() }).optional(),
  secondEmail: z.string().optional(),
  phoneNumber: z.string().optional(),
  secondPhoneNumber: z.string().optional(),
  isPhoneNumberVerified: z.boolean(),
  smsOptIn: z.boolean(),
  emailNotificationsOptIn: z.boolean(),
  /** One email a day listing the notifications instead of one each (docs/notifications.md). */
  emailDigest: z.boolean(),
  gcfaId: z.string().optional(),
  umcaresId: z.string().optional(),
  address: z.object({ street: z.string().optional(), unit: z.string().optional(), city: z.string().optional(), state: z.string().optional(), zipCode: z.string().optional() }),
  /** Present only for manage-all callers. */
  salesforceId: z.string().optional(),
  pid: z.string().optional(),
  version: z.number().int(),
  /** The caller may edit these details (their own profile, or update User where the user is). */
  canEdit: z.boolean(),
  /** The caller manages everything: sees Salesforce ID and PID, the missing-conference warning and Merge. */
  canManageAll: z.boolean(),
  /** For manage-all callers: the user holds no active conference. */
  missingConference: z.boolean(),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;
