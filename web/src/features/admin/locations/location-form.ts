import { z } from 'zod';
import { locationNameSchema, parentIdSchema } from '@shared/schemas/location';

/** The Add / Edit dialog's fields: a name, and the parent for kinds that have one (SPEC.md section 5). */
export const locationFormSchema = z.object({ name: locationNameSchema, parentId: parentIdSchema });
/** Jurisdictions hang from the System root: a name only. */
export const rootLocationFormSchema = z.object({ name: locationNameSchema, parentId: z.string().optional() });

export type LocationFormValues = z.output<typeof rootLocationFormSchema>;

export const isLocationFormField = (path: string) => path === 'name' || path === 'parentId';
