import type { StepDetail, StepInput, StepUpdate } from '@shared/schemas/step';
import type { StepImportInput } from '@shared/schemas/step-import';
import type { SelectOption } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import useSWR from 'swr';
import { PAGE_SIZES } from '@shared/api/limits';
import { useApi } from '../../../lib/api/use-api';
import { useTrackGroups } from '../interviewers/group-api';

export const createStep = (body: StepInput) => call(routes.step.createStepTemplate, { body });

export const importStep = (body: StepImportInput) => call(routes.step.createFromImport, { body });

export const updateStep = (body: StepUpdate) => call(routes.step.updateStepTemplate, { body });

export const updatePrerequisites = (stepTemplateId: string, prerequisites: string[]) =>
  call(routes.step.updatePrerequisites, { params: { stepTemplateId }, body: { prerequisites } });

/** A step with its contents and actions; none asked while there is no id (a new step). */
export function useStep(stepTemplateId: string | undefined) {
  return useApi(routes.step.stepTemplate, stepTemplateId ? { params: { stepTemplateId } } : null, { revalidateOnMount: true });
}

const ROLE_PAGE = Math.max(...PAGE_SIZES);
/** Roles are few (the server keeps at most 500): the pickers read them all, a page at a time. */
const ROLE_PAGES_MAX = 10;

async function everyRole() {
  const roles = [];
  for (let page = 0; page < ROLE_PAGES_MAX; page++) {
    const batch = await call(routes.role.list, { query: { limit: ROLE_PAGE, offset: page * ROLE_PAGE } });
    roles.push(...batch);
    if (batch.length < ROLE_PAGE) break;
  }
  return roles;
}

/** Every role, system and custom (every signed-in user reads them): who completes a content, signs or approves. */
export function useRoleOptions(): SelectOption[] | undefined {
  const roles = useSWR(['step-role-options'], everyRole);
  return roles.data?.map((role) => ({ id: role.id, label: role.label }));
}

/** Forms whose name starts with the text (SPEC.md section 9: form search 10). */
export async function formOptions(text: string): Promise<SelectOption[]> {
  const forms = await call(routes.form.query, { body: { where: { name: text.trim() || undefined } } });
  return forms.map((form) => ({ id: form.id, label: form.name }));
}

/** The names of the forms a step's contents use, for their pickers. */
export function useFormNames(step: StepDetail | undefined): Map<string, string> | undefined {
  const ids = [...new Set(step?.contents.flatMap((c) => (c.formId ? [c.formId] : [])) ?? [])];
  const forms = useApi(routes.form.currentForms, ids.length ? { params: { ids: ids.join(',') } } : null);
  if (!step) return undefined;
  if (!ids.length) return new Map();
  return forms.data ? new Map(forms.data.map((form) => [form.id, form.name])) : undefined;
}

/**
 * The track's interview groups as a committee vote's choices (the Interviewer Groups tab's query).
 * A caller who may not read them gets none rather than an editor that never opens.
 */
export function useGroupOptions(trackTemplateId: string): SelectOption[] | undefined {
  const groups = useTrackGroups(trackTemplateId);
  if (groups.error) return [];
  return groups.data?.data.map((group) => ({ id: group.id, label: group.name }));
}
