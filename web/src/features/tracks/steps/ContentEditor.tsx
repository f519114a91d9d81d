import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { UPLOAD_TYPES } from '@shared/schemas/step';
import { Button, Checkbox, RadioGroup, SearchableSelect, type SelectOption } from '../../../components/ui';
import { FormCheckbox } from '../../../lib/forms/FormCheckbox';
import { FormTextArea } from '../../../lib/forms/FormTextArea';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { RoleChecklist, RoleSelect } from './RoleSelect';
import { formOptions } from './step-api';
import type { StepControl } from './step-form';

const CONTENT_TYPE_OPTIONS = [
  { value: 'Task', label: 'Task' },
  { value: 'Upload', label: 'Upload' },
  { value: 'Form', label: 'Form' },
];
const UPLOAD_TYPE_OPTIONS = UPLOAD_TYPES.map((type) => ({ value: type, label: type }));

export interface ContentEditorProps {
  control: StepControl;
  index: number;
  roles: SelectOption[];
  /** Names of the forms the step used when loaded (the picker shows a chosen form by name). */
  formNames: Map<string, string>;
  onRemove: () => void;
  isDisabled: boolean;
}

/** One content of a step (SPEC.md sections 3 and 5): a task, an upload or a form, who completes it, and who may see it when private. */
export function ContentEditor({ control, index, roles, formNames, onRemove, isDisabled }: ContentEditorProps) {
  const path = `contents.${index}` as const;
  const [type, isPrivate] = useWatch({ control, name: [`${path}.type`, `${path}.isPrivate`] });
  return (
    <fieldset className="steps-part">
      <legend>{`Content ${index + 1}`}</legend>
      <Controller
        control={control}
        name={`${path}.type`}
        render={({ field }) => <RadioGroup label="Type" orientation="horizontal" options={CONTENT_TYPE_OPTIONS} value={field.value} onChange={field.onChange} isDisabled={isDisabled} />}
      />
      <FormTextField control={control} name={`${path}.name`} label="Name" isRequired isDisabled={isDisabled} />
      {type === 'Task' && (
        <>
          <FormTextField control={control} name={`${path}.task.name`} label="Task name" isRequired isDisabled={isDisabled} />
          <FormTextArea control={control} name={`${path}.task.description`} label="Task description" isRequired isDisabled={isDisabled} />
        </>
      )}
      {type === 'Upload' && (
        <>
          <FormTextField control={control} name={`${path}.upload.name`} label="Upload name" isRequired isDisabled={isDisabled} />
          <FormCheckbox control={control} name={`${path}.upload.multiple`} isDisabled={isDisabled}>
            Multiple
          </FormCheckbox>
          <Controller
            control={control}
            name={`${path}.upload.type`}
            render={({ field }) => <RadioGroup label="File type" orientation="horizontal" options={UPLOAD_TYPE_OPTIONS} value={field.value} onChange={field.onChange} isDisabled={isDisabled} />}
          />
          <FormTextArea control={control} name={`${path}.upload.instructions`} label="Instructions" isRequired isDisabled={isDisabled} />
        </>
      )}
      {type === 'Form' && (
        <Controller
          control={control}
          name={`${path}.formId`}
          render={({ field, fieldState }) => <FormPicker value={field.value} onChange={field.onChange} formNames={formNames} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />}
        />
      )}
      <Controller
        control={control}
        name={`${path}.roleId`}
        render={({ field, fieldState }) => <RoleSelect label="Completed by" roles={roles} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />}
      />
      <Controller
        control={control}
        name={`${path}.isPrivate`}
        render={({ field, fieldState }) => (
          <>
            <Checkbox isSelected={field.value} onChange={field.onChange} isDisabled={isDisabled}>
              Private
            </Checkbox>
            {fieldState.error && <p className="ui-field-error">{fieldState.error.message}</p>}
          </>
        )}
      />
      {isPrivate && (
        <Controller
          control={control}
          name={`${path}.approvedRoles`}
          render={({ field, fieldState }) => <RoleChecklist legend="Approved roles" roles={roles} value={field.value} onChange={field.onChange} errorMessage={fieldState.error?.message} isDisabled={isDisabled} />}
        />
      )}
      {!isDisabled && (
        <div className="ui-button-row">
          <Button size="small" variant="ghost" onPress={onRemove}>
            {`Remove content ${index + 1}`}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

interface FormPickerProps {
  value: string;
  onChange: (formId: string) => void;
  formNames: Map<string, string>;
  errorMessage?: string;
  isDisabled: boolean;
}

/** A Form content's form, searched by name; a chosen form shows its name. */
function FormPicker({ value, onChange, formNames, errorMessage, isDisabled }: FormPickerProps) {
  const [picked, setPicked] = useState<SelectOption | null>(null);
  const selected = value ? { id: value, label: picked?.id === value ? picked.label : (formNames.get(value) ?? value) } : null;
  const choose = (form: SelectOption | null) => {
    setPicked(form);
    onChange(form?.id ?? '');
  };
  return <SearchableSelect label="Form" loadOptions={formOptions} value={selected} onChange={choose} errorMessage={errorMessage} isRequired isDisabled={isDisabled} />;
}
