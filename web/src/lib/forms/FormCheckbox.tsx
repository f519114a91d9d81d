import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox, type CheckboxProps } from '../../components/ui';

export interface FormCheckboxProps<T extends FieldValues> extends Omit<CheckboxProps, 'name' | 'isSelected' | 'onChange'> {
  control: Control<T, any, any>;
  name: FieldPath<T>;
}

/** A Checkbox bound to a react-hook-form boolean field. */
export function FormCheckbox<T extends FieldValues>({ control, name, ...props }: FormCheckboxProps<T>) {
  const { field } = useController({ control, name });
  return <Checkbox {...props} name={field.name} isSelected={Boolean(field.value)} onChange={field.onChange} />;
}
