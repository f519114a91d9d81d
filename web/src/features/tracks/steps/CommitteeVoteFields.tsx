import { Controller, useFormState } from 'react-hook-form';
import { MAJORITIES, MAJORITY_BASES, MAJORITY_BASE_LABELS, MAJORITY_LABELS, QUORUM_KINDS, QUORUM_KIND_LABELS } from '@shared/schemas/committee-vote';
import { RadioGroup, SelectField, TextField, type SelectFieldOption, type SelectOption } from '../../../components/ui';
import type { StepControl } from './step-form';

const QUORUM_KIND_OPTIONS = QUORUM_KINDS.map((kind) => ({ value: kind, label: QUORUM_KIND_LABELS[kind] }));
const MAJORITY_OPTIONS = MAJORITIES.map((majority) => ({ value: majority, label: MAJORITY_LABELS[majority] }));
const BASE_OPTIONS = MAJORITY_BASES.map((base) => ({ value: base, label: MAJORITY_BASE_LABELS[base] }));

export interface CommitteeVoteFieldsProps {
  control: StepControl;
  index: number;
  /** The track's interview groups. */
  groups: readonly SelectOption[];
  isDisabled: boolean;
}

/** A chosen group the list does not hold (deleted, or not visible to the editor) stays chosen, named by its id. */
function groupOptions(groups: readonly SelectOption[], chosen: string): SelectFieldOption[] {
  const options = groups.map((group) => ({ value: group.id, label: group.label }));
  return chosen && !options.some((option) => option.value === chosen) ? [...options, { value: chosen, label: chosen }] : options;
}

/** A committee vote's rule (issue 26): which interview group votes, its quorum and the majority it needs. */
export function CommitteeVoteFields({ control, index, groups, isDisabled }: CommitteeVoteFieldsProps) {
  const path = `actions.${index}.vote` as const;
  // The server's message about the rule as a whole (e.g. missing) has no field of its own.
  const { errors } = useFormState({ control, name: path });
  const ruleMessage = errors.actions?.[index]?.vote?.message;
  return (
    <fieldset className="steps-checklist">
      <legend>Committee vote</legend>
      <Controller
        control={control}
        name={`${path}.userGroupId`}
        render={({ field, fieldState }) => (
          <SelectField label="Group" name={field.name} options={groupOptions(groups, field.value)} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />
        )}
      />
      <Controller
        control={control}
        name={`${path}.quorum`}
        render={({ field, fieldState }) => (
          <TextField
            label="Quorum"
            type="number"
            inputMode="numeric"
            name={field.name}
            value={field.value?.toString() ?? ''}
            onChange={(text) => field.onChange(text.trim() === '' ? null : Number(text))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            errorMessage={fieldState.error?.message}
            isDisabled={isDisabled}
          />
        )}
      />
      <Controller
        control={control}
        name={`${path}.quorumKind`}
        render={({ field, fieldState }) => (
          <RadioGroup label="Quorum counted in" orientation="horizontal" options={QUORUM_KIND_OPTIONS} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />
        )}
      />
      <Controller
        control={control}
        name={`${path}.majority`}
        render={({ field, fieldState }) => (
          <RadioGroup label="Majority" orientation="horizontal" options={MAJORITY_OPTIONS} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />
        )}
      />
      <Controller
        control={control}
        name={`${path}.base`}
        render={({ field, fieldState }) => (
          <RadioGroup label="Majority base" orientation="horizontal" options={BASE_OPTIONS} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />
        )}
      />
      {ruleMessage && <p className="ui-field-error">{ruleMessage}</p>}
    </fieldset>
  );
}
