import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import './Field.css';

/** The label with the '* Required' marker of SPEC.md section 5 (the input itself carries aria-required). */
export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <div className="ui-field-label-row">
      <Label className="ui-field-label">{children}</Label>
      {isRequired && (
        <span className="ui-required" aria-hidden="true">
          * Required
        </span>
      )}
    </div>
  );
}

/** Help text under a field, linked to it by react-aria (aria-describedby). */
export function FieldDescription({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Text slot="description" className="ui-field-description">
      {children}
    </Text>
  );
}

/** The field's error in italics; shown while the field is invalid, linked by aria-describedby. */
export function FieldErrorText({ children }: { children?: ReactNode }) {
  return <FieldError className="ui-field-error">{children}</FieldError>;
}
