import { z } from 'zod';
import { locationNameSchema, parentIdSchema } from '@shared/schemas/location';

/** The Add / Edit dialog's fields: a name, and the parent for kinds that have one (SPEC.md section 5). */
const locationFormSchema = z.object({ name: locationNameSchema, parentId: parentIdSchema });
/** Jurisdictions hang from the System root: a name only (the picker's empty id is dropped). */
const rootLocationFormSchema = z.object({ name: locationNameSchema });

export interface LocationFormValues {
  name: string;
  parentId?: string;
}

/** The dialog's schema for a kind, with or without a parent. */
export const locationFormSchemaFor = (hasParent: boolean): z.ZodType<LocationFormValues, LocationFormValues> =>
  hasParent ? locationFormSchema : rootLocationFormSchema;

export const isLocationFormField = (path: string) => path === 'name' || path === 'parentId';
