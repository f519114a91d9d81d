import { Controller, useWatch } from 'react-hook-form';
import { ACTION_TYPES } from '@shared/schemas/step';
import { COMMITTEE_VOTE } from '@shared/schemas/committee-vote';
import { Button, RadioGroup, type SelectOption } from '../../../components/ui';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { CommitteeVoteFields } from './CommitteeVoteFields';
import { RoleSelect } from './RoleSelect';
import type { StepControl } from './step-form';

const ACTION_TYPE_OPTIONS = ACTION_TYPES.map((type) => ({ value: type, label: type }));

export interface ActionEditorProps {
  control: StepControl;
  index: number;
  roles: SelectOption[];
  /** The track's interview groups, for a committee vote. */
  groups: readonly SelectOption[];
  onRemove: () => void;
  isDisabled: boolean;
}

/**
 * One action of a step (SPEC.md section 3): a signature or an approval, by a role, or a committee
 * vote of an interview group (issue 26; its role names whom the participant sees it awaits).
 */
export function ActionEditor({ control, index, roles, groups, onRemove, isDisabled }: ActionEditorProps) {
  const path = `actions.${index}` as const;
  const type = useWatch({ control, name: `${path}.type` });
  return (
    <fieldset className="steps-part">
      <legend>{`Action ${index + 1}`}</legend>
      <Controller
        control={control}
        name={`${path}.type`}
        render={({ field }) => <RadioGroup label="Type" orientation="horizontal" options={ACTION_TYPE_OPTIONS} value={field.value} onChange={field.onChange} isDisabled={isDisabled} />}
      />
      <FormTextField control={control} name={`${path}.name`} label="Name" isRequired isDisabled={isDisabled} />
      <Controller
        control={control}
        name={`${path}.roleId`}
        render={({ field, fieldState }) => <RoleSelect label="Role" roles={roles} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />}
      />
      {type === COMMITTEE_VOTE && <CommitteeVoteFields control={control} index={index} groups={groups} isDisabled={isDisabled} />}
      {!isDisabled && (
        <div className="ui-button-row">
          <Button size="small" variant="ghost" onPress={onRemove}>
            {`Remove action ${index + 1}`}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
