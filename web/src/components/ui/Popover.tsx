import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';
import { cx } from './classNames';
import './Popover.css';

export interface PopoverProps extends Omit<AriaPopoverProps, 'className'> {
  className?: string;
}

/**
 * The floating panel: closes on outside click and Escape, flips and shifts to stay in the
 * viewport (react-aria positions it). Use it inside a react-aria trigger (DialogTrigger,
 * MenuTrigger, ComboBox ...).
 */
export function Popover({ className, offset = 6, ...rest }: PopoverProps) {
  return <AriaPopover {...rest} offset={offset} className={cx('ui-popover', className)} />;
}

export interface DropdownPopoverProps {
  /** Accessible name of the trigger button (and of the panel). */
  label: string;
  /** What the trigger shows (an icon, an avatar...). */
  trigger: ReactNode;
  /** Panel content; a function receives `close` for items that should close the panel. */
  children: ReactNode | ((close: () => void) => ReactNode);
  placement?: AriaPopoverProps['placement'];
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  triggerClassName?: string;
  className?: string;
}

/** A button that opens a non-modal panel (e.g. the notification list). Focus moves in and returns on close. */
export function DropdownPopover({
  label,
  trigger,
  children,
  placement = 'bottom end',
  isOpen,
  onOpenChange,
  triggerClassName,
  className,
}: DropdownPopoverProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <AriaButton aria-label={label} className={cx('ui-popover-trigger', triggerClassName)}>
        {trigger}
      </AriaButton>
      <Popover placement={placement} className={className}>
        <Dialog aria-label={label} className="ui-popover-dialog">
          {({ close }) => (typeof children === 'function' ? children(close) : children)}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
