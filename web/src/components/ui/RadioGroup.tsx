import type { ReactNode } from 'react';
import { Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import { cx } from './classNames';
import { FieldDescription, FieldErrorText, FieldLabel } from './Field';
import './RadioGroup.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps {
  label: ReactNode;
  options: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  description?: ReactNode;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  orientation?: 'horizontal' | 'vertical';
  name?: string;
  className?: string;
}

/** One choice out of a few; arrow keys move between options (react-aria). */
export function RadioGroup({ label, options, value, onChange, description, errorMessage, className, ...rest }: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...rest}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('ui-field ui-radio-group', className)}
    >
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      <div className="ui-radio-options">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} isDisabled={option.isDisabled} className="ui-radio">
            <span className="ui-radio-dot" aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaRadioGroup>
  );
}
