import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from '../../components/ui';

export interface FormTextFieldProps<T extends FieldValues> extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'errorMessage'> {
  control: Control<T, any, any>;
  name: FieldPath<T>;
}

/** A TextField bound to a react-hook-form field: its value, its schema or server message, focus on error. */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return <TextField {...props} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} errorMessage={fieldState.error?.message} />;
}
