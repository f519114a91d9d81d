import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { cx } from './classNames';
import { SpinnerGlyph } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
}

/**
 * The one button. `isPending` shows a spinner and blocks presses while keeping focus
 * on the button (react-aria announces the pending state).
 */
export function Button({ variant = 'primary', size = 'medium', className, children, isPending, ...rest }: ButtonProps) {
  return (
    <AriaButton
      {...rest}
      isPending={isPending}
      className={cx('ui-button', `ui-button-${variant}`, `ui-button-${size}`, className)}
    >
      {isPending && <SpinnerGlyph size="small" />}
      {children}
    </AriaButton>
  );
}
