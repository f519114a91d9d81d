import * as z from 'zod';
import { ACTIONS, SUBJECTS } from '../auth/vocabulary';

/** One ability rule as sent to the browser (SPEC.md section 3, Ability rule). */
export const abilityRuleSchema = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});
export type AbilityRuleView = z.infer<typeof abilityRuleSchema>;
