import * as z from 'zod';

/** Body of every error response. `fieldErrors` maps a dotted field path to its messages (400 only). */
export const errorBodySchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
