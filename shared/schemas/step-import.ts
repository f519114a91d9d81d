import * as z from 'zod';
import { idOf } from '../api/id-list';

/** `create-step-template-from-import` (SPEC.md section 7): the phase to add to and the step to copy. */
export const stepImportInputSchema = z.object({ phase: idOf('Phase is required.'), step: idOf('Step is required.') });
export type StepImportInput = z.infer<typeof stepImportInputSchema>;

/** Import Existing Step's pickers (SPEC.md section 2): each 'Required'. */
export const stepImportFormSchema = z.object({ conferenceId: idOf('Required'), trackTemplateId: idOf('Required'), phaseId: idOf('Required'), stepId: idOf('Required') });
export type StepImportForm = z.infer<typeof stepImportFormSchema>;
