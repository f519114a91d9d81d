import type { ReactNode } from 'react';
import { Button as AriaButton, Menu as AriaMenu, MenuItem, MenuTrigger } from 'react-aria-components';
import { cx } from './classNames';
import { Popover } from './Popover';
import './Button.css';
import './Menu.css';

export interface MenuItemSpec {
  id: string;
  label: ReactNode;
  /** Link items navigate (through react-aria's RouterProvider when the app sets one up). */
  href?: string;
  onAction?: () => void;
  isDisabled?: boolean;
  tone?: 'default' | 'danger';
  /** Plain-text name when `label` is not a string (typeahead and screen readers). */
  textValue?: string;
}

export interface MenuProps {
  items: readonly MenuItemSpec[];
  'aria-label'?: string;
}

/** A list of actions and links with arrow-key navigation and typeahead. */
export function Menu({ items, ...labelling }: MenuProps) {
  return (
    <AriaMenu aria-label={labelling['aria-label']} className="ui-menu">
      {items.map((item) => (
        <MenuItem
          key={item.id}
          id={item.id}
          href={item.href}
          onAction={item.onAction}
          isDisabled={item.isDisabled}
          textValue={item.textValue ?? (typeof item.label === 'string' ? item.label : item.id)}
          className={cx('ui-menu-item', item.tone === 'danger' && 'ui-menu-item-danger')}
        >
          {item.label}
        </MenuItem>
      ))}
    </AriaMenu>
  );
}

export interface MenuButtonProps extends MenuProps {
  /** What the button shows; pass aria-label too when it is not plain text. */
  label: ReactNode;
  variant?: 'primary' | 'secondary' | 'ghost' | 'plain';
  /** The button's size (not for 'plain'): small in a dense place such as a form builder's field. */
  size?: 'small' | 'medium';
  placement?: 'bottom start' | 'bottom end';
}

/** A button that opens a Menu (e.g. the profile menu, the Track menu, the Actions menu). */
export function MenuButton({ label, items, variant = 'plain', size = 'medium', placement = 'bottom end', ...labelling }: MenuButtonProps) {
  const buttonClass = variant === 'plain' ? 'ui-popover-trigger' : cx('ui-button', `ui-button-${variant}`, `ui-button-${size}`);
  return (
    <MenuTrigger>
      <AriaButton aria-label={labelling['aria-label']} className={buttonClass}>
        {label}
        <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </AriaButton>
      <Popover placement={placement}>
        <Menu items={items} aria-label={labelling['aria-label'] ?? (typeof label === 'string' ? label : undefined)} />
      </Popover>
    </MenuTrigger>
  );
}
