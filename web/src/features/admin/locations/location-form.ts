import * as z from 'zod';
import { locationNameSchema, parentIdSchema } from '@shared/schemas/location';
import { quietTimeSchema, timeZoneSchema } from '@shared/schemas/conference-settings';

/** The Add / Edit dialog's fields: a name, and the parent for kinds that have one (SPEC.md section 5). */
const locationFormSchema = z.object({ name: locationNameSchema, parentId: parentIdSchema });
/** Jurisdictions hang from the System root: a name only (the picker's empty id is dropped). */
const rootLocationFormSchema = z.object({ name: locationNameSchema });
/** A conference's edit also sets its messaging time zone and SMS quiet hours. */
const conferenceEditFormSchema = locationFormSchema.extend({ timeZone: timeZoneSchema, quietHoursStart: quietTimeSchema, quietHoursEnd: quietTimeSchema });

export interface LocationFormValues {
  name: string;
  parentId?: string;
  timeZone?: string;
  quietHoursStart?: string;
  quietHoursEnd?: string;
}

/** The dialog's schema for a kind, with or without a parent, with a conference's messaging settings when editing one. */
export const locationFormSchemaFor = (hasParent: boolean, messaging = false): z.ZodType<LocationFormValues, LocationFormValues> =>
  messaging ? conferenceEditFormSchema : hasParent ? locationFormSchema : rootLocationFormSchema;

const FORM_FIELDS = new Set(['name', 'parentId', 'timeZone', 'quietHoursStart', 'quietHoursEnd']);
export const isLocationFormField = (path: string) => FORM_FIELDS.has(path);
