import { useId } from 'react';

/** A choice whose value is not its text (an id and a name). */
export interface SelectFieldOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A plain string is both the value and the text. */
  options: readonly (string | SelectFieldOption)[];
  /** The empty choice's text (choosing it clears the field). */
  placeholder?: string;
  errorMessage?: string;
  isDisabled?: boolean;
  name?: string;
}

/** A labelled native select of a fixed list (SPEC.md section 3's enumerations), with an empty choice first. */
export function SelectField({ label, value, onChange, options, placeholder = 'Select...', errorMessage, isDisabled, name }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="ui-field">
      <div className="ui-field-label-row">
        <label htmlFor={id} className="ui-field-label">
          {label}
        </label>
      </div>
      <select
        id={id}
        name={name}
        className="ui-input"
        value={value}
        disabled={isDisabled}
        aria-invalid={Boolean(errorMessage)}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value: optionValue, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          );
        })}
      </select>
      {errorMessage && (
        <p id={`${id}-error`} className="ui-field-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
