import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { cx } from './classNames';
import './Tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Routed tab: the tab is a link and the route decides `selectedKey`. */
  href?: string;
  /** Panel content for in-page tabs; routed tabs render `children` instead. */
  content?: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps {
  'aria-label': string;
  items: readonly TabItem[];
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (id: string) => void;
  /** For routed tabs: the selected tab's panel (usually the router outlet). */
  children?: ReactNode;
  className?: string;
}

/**
 * Tabs with arrow-key navigation. Two uses: in-page tabs (each item has `content`), or routed
 * tabs (each item has `href`, the page passes `selectedKey` from the URL and the outlet as children).
 */
export function Tabs({ items, selectedKey, defaultSelectedKey, onSelectionChange, children, className, ...labelling }: TabsProps) {
  const routed = children !== undefined;
  return (
    <AriaTabs
      selectedKey={selectedKey}
      defaultSelectedKey={defaultSelectedKey}
      onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
      className={cx('ui-tabs', className)}
    >
      <TabList aria-label={labelling['aria-label']} className="ui-tab-list">
        {items.map((item) => (
          <Tab key={item.id} id={item.id} href={item.href} isDisabled={item.isDisabled} className="ui-tab">
            {item.label}
          </Tab>
        ))}
      </TabList>
      {routed ? (
        selectedKey !== undefined && (
          // Keyed: react-aria keeps a mounted panel's first id, so without a remount a routed
          // switch leaves the new tab's aria-controls pointing at no element.
          <TabPanel key={selectedKey} id={selectedKey} className="ui-tab-panel">
            {children}
          </TabPanel>
        )
      ) : (
        items.map((item) => (
          <TabPanel key={item.id} id={item.id} className="ui-tab-panel">
            {item.content}
          </TabPanel>
        ))
      )}
    </AriaTabs>
  );
}
