import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { SearchableSelect, type SelectOption } from '../../components/ui';

/** SPEC.md section 8: an import picker with nothing to pick (no track templates, phases or steps under the choice above). */
export const NO_TEMPLATES_MESSAGE = 'No Available Templates';

export interface PickerFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  value: SelectOption | null;
  onPick: (option: SelectOption | null) => void;
  loadOptions: (text: string) => Promise<SelectOption[]>;
  /** Off until the choice it depends on is made. */
  isDisabled?: boolean;
  /** The list's text when there is nothing to pick (SearchableSelect). */
  emptyMessage?: string;
}

/** A required searchable picker bound to one id of a dialog's form (the import pickers of SPEC.md section 2). */
export function PickerField<T extends FieldValues>({ control, name, label, value, onPick, loadOptions, isDisabled, emptyMessage }: PickerFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SearchableSelect
          label={label}
          isRequired
          value={value}
          onChange={(option) => {
            onPick(option);
            field.onChange(option?.id ?? '');
          }}
          errorMessage={fieldState.error?.message}
          loadOptions={loadOptions}
          isDisabled={isDisabled}
          emptyMessage={emptyMessage}
        />
      )}
    />
  );
}
