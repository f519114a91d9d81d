import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextArea } from '../../components/ui';
import { FormTextField } from '../../lib/forms/FormTextField';

/** A new track's Name and Description (Create Track, Copy and Import from Existing), bound to the dialog's form. */
export function TrackTextFields<T extends FieldValues & { name: string; description: string }>({ control }: { control: Control<T, any, any> }) {
  return (
    <>
      <FormTextField control={control} name={'name' as FieldPath<T>} label="Name" isRequired />
      <Controller
        control={control}
        name={'description' as FieldPath<T>}
        render={({ field, fieldState }) => (
          <TextArea label="Description" isRequired name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} errorMessage={fieldState.error?.message} />
        )}
      />
    </>
  );
}
