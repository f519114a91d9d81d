import type { ReactNode, Ref } from 'react';
import { Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { cx } from './classNames';
import { FieldDescription, FieldErrorText, FieldLabel } from './Field';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: ReactNode;
  description?: ReactNode;
  /** When set the field is invalid and shows this message under it. */
  errorMessage?: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled single-line text input. Validation messages come from the caller (react-hook-form + zod). */
export function TextField({ label, description, errorMessage, placeholder, inputRef, className, ...rest }: TextFieldProps) {
  return (
    <AriaTextField {...rest} isInvalid={Boolean(errorMessage)} validationBehavior="aria" className={cx('ui-field', className)}>
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      <Input ref={inputRef} placeholder={placeholder} className="ui-input" />
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
