import { useEffect, useRef, type JSX, type ReactNode } from 'react';
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
  /**
   * With `isDisabled`: the button stays in the tab order, marked `aria-disabled` and ignoring
   * presses, so a keyboard or screen-reader user reaches it and hears its description (give it
   * `aria-describedby` pointing at why it is disabled). Without this a disabled button is skipped.
   */
  isFocusableWhenDisabled?: boolean;
}

/** What a focusable disabled button renders: the same element, disabled for assistive technology and styles only. */
const renderAriaDisabled = (props: JSX.IntrinsicElements['button']) => <button {...props} aria-disabled="true" data-disabled="true" />;

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
export function Button({ variant = 'primary', size = 'medium', className, children, isPending, isDisabled, isFocusableWhenDisabled, ...rest }: ButtonProps) {
  useClearPendingAnnouncementOnUnmount(isPending);
  // Kept enabled for react-aria (so focusable), with no press handler and aria-disabled on the element.
  const focusableDisabled = Boolean(isDisabled && isFocusableWhenDisabled);
  const inert = focusableDisabled
    ? { isDisabled: false, type: 'button' as const, onPress: undefined, onPressStart: undefined, onPressEnd: undefined, onPressUp: undefined, onPressChange: undefined, render: renderAriaDisabled }
    : { isDisabled };
  return (
    <AriaButton
      {...rest}
      {...inert}
      isPending={isPending}
      className={cx('ui-button', `ui-button-${variant}`, `ui-button-${size}`, className)}
    >
      {isPending && <SpinnerGlyph size="small" />}
      {children}
    </AriaButton>
  );
}
