import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextArea, type TextAreaProps } from '../../components/ui';

export interface FormTextAreaProps<T extends FieldValues> extends Omit<TextAreaProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'errorMessage'> {
  control: Control<T, any, any>;
  name: FieldPath<T>;
}

/** A TextArea bound to a react-hook-form field: its value, its schema or server message, focus on error. */
export function FormTextArea<T extends FieldValues>({ control, name, ...props }: FormTextAreaProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return <TextArea {...props} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} textAreaRef={field.ref} errorMessage={fieldState.error?.message} />;
}
