import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ReactNode } from 'react';
import { SearchableSelect, type SelectOption } from '../../components/ui';

export interface PickerFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  value: SelectOption | null;
  onPick: (option: SelectOption | null) => void;
  loadOptions: (text: string) => Promise<SelectOption[]>;
  /** Off until the choice it depends on is made. */
  isDisabled?: boolean;
  /** The list's text when there is nothing to pick (SearchableSelect). */
  emptyMessage?: string;
}

/**
 * A required searchable picker bound to one id of a form ('' until picked): the import pickers of
 * SPEC.md section 2, a transfer's district or church. The owner keeps the picked option (its label).
 */
export function PickerField<T extends FieldValues>({ control, name, label, description, value, onPick, loadOptions, isDisabled, emptyMessage }: PickerFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SearchableSelect
          label={label}
          description={description}
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
