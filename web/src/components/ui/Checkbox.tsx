import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { cx } from './classNames';
import './Checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  /** The visible label; without one, pass aria-label. */
  children?: ReactNode;
  className?: string;
}

/** A checkbox with a visible box; supports the indeterminate state (select-all headers). */
export function Checkbox({ children, className, ...rest }: CheckboxProps) {
  return (
    <AriaCheckbox {...rest} className={cx('ui-checkbox', className)}>
      {({ isIndeterminate }) => (
        <>
          <span className="ui-checkbox-box" aria-hidden="true">
            <svg viewBox="0 0 16 16">
              {isIndeterminate ? (
                <path d="M3.5 8h9" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
              ) : (
                <path d="M3 8.5l3.2 3L13 4.5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
              )}
            </svg>
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
