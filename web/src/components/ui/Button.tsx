import { useEffect, useRef, type ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
// The announcer react-aria-components itself uses (the same module instance, through react-aria's exports map).
import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
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
 * react-aria announces a pending button by pointing a live region at the button's id for seven
 * seconds. A Save button usually unmounts with its dialog before that, leaving the region labelled
 * by nothing (axe: role-img-alt); it has been read by then, so clear it when such a button goes.
 */
function useClearPendingAnnouncementOnUnmount(isPending: boolean | undefined): void {
  const wasPending = useRef(false);
  if (isPending) wasPending.current = true;
  useEffect(
    () => () => {
      if (wasPending.current) clearAnnouncer('assertive');
    },
    [],
  );
}

/**
 * The one button. `isPending` shows a spinner and blocks presses while keeping focus
 * on the button (react-aria announces the pending state).
 */
export function Button({ variant = 'primary', size = 'medium', className, children, isPending, ...rest }: ButtonProps) {
  useClearPendingAnnouncementOnUnmount(isPending);
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
