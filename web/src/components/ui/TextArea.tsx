import { useState, type ReactNode, type Ref } from 'react';
import { TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { cx } from './classNames';
import { FieldDescription, FieldErrorText, FieldLabel } from './Field';
import './Field.css';
import './TextArea.css';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  rows?: number;
  textAreaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** The counter text of SPEC.md section 5, e.g. '3/250 Max'. */
export function counterText(length: number, maxLength: number): string {
  return `${length}/${maxLength} Max`;
}

/**
 * A multi-line text box. With `maxLength` it shows the 'n/max Max' counter and the browser
 * refuses input past the limit (native maxlength).
 */
export function TextArea({ label, description, errorMessage, placeholder, rows = 4, textAreaRef, className, ...rest }: TextAreaProps) {
  const [typedLength, setTypedLength] = useState(rest.defaultValue?.length ?? 0);
  const length = rest.value !== undefined ? rest.value.length : typedLength;

  function handleChange(text: string) {
    setTypedLength(text.length);
    rest.onChange?.(text);
  }

  return (
    <AriaTextField
      {...rest}
      onChange={handleChange}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('ui-field', className)}
    >
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      <AriaTextArea ref={textAreaRef} rows={rows} placeholder={placeholder} className="ui-input ui-textarea" />
      <div className="ui-textarea-footer">
        <FieldDescription>{description}</FieldDescription>
        {rest.maxLength !== undefined && <span className="ui-textarea-counter">{counterText(length, rest.maxLength)}</span>}
      </div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
