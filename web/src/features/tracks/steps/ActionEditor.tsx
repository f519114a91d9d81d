import { Controller } from 'react-hook-form';
import { Button, RadioGroup, type SelectOption } from '../../../components/ui';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { RoleSelect } from './RoleSelect';
import type { StepControl } from './step-form';

const ACTION_TYPE_OPTIONS = [
  { value: 'Signature', label: 'Signature' },
  { value: 'Approval', label: 'Approval' },
];

export interface ActionEditorProps {
  control: StepControl;
  index: number;
  roles: SelectOption[];
  onRemove: () => void;
  isDisabled: boolean;
}

/** One action of a step (SPEC.md section 3): a signature or an approval, by a role. */
export function ActionEditor({ control, index, roles, onRemove, isDisabled }: ActionEditorProps) {
  const path = `actions.${index}` as const;
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
