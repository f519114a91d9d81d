import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './classNames';
import './Tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Routed tab: the tab is a link and the route decides `selectedKey`. */
  href?: string;
  /** Panel content for in-page tabs; routed tabs render `children` instead. */
  content?: ReactNode;
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

/** Where an arrow, Home or End key moves the focus in a row of `count` tabs (wrapping), or null. */
function nextIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Scrolls a row of tabs sideways, only as far as needed, to show the whole of this tab (no page scroll). */
function revealTab(list: HTMLElement, tab: HTMLElement) {
  const row = list.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left < row.left) list.scrollLeft -= row.left - box.left;
  else if (box.right > row.right) list.scrollLeft += box.right - row.right;
}

/**
 * Tabs (the WAI-ARIA tabs pattern): one tab stop on the selected tab, arrow keys, Home and End
 * move between tabs. Two uses: in-page tabs (each item has `content`; the focused tab is
 * selected), or routed tabs (each item has `href`, the page passes `selectedKey` from the URL and
 * the outlet as children; arrows move the focus, Enter or a click follows the link).
 *
 * Written here rather than taken from react-aria-components: its Tabs builds a collection and
 * watches the panel's DOM, and mounting it cost a profile page one 13 ms task (52 ms on a
 * throttled phone) of the page's blocking time; this is a few elements and one handler.
 */
export function Tabs({ items, selectedKey, defaultSelectedKey, onSelectionChange, children, className, ...labelling }: TabsProps) {
  const routed = children !== undefined;
  const [chosen, setChosen] = useState(defaultSelectedKey ?? items[0]?.id);
  const selected = selectedKey ?? chosen;
  const baseId = useId();
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;
  const tabs = useRef<(HTMLElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  const selectedIndex = items.findIndex((item) => item.id === selected);

  // On a phone the row scrolls sideways: the selected tab (an admin tab far along, opened by its
  // address) is brought into view. The first tab always is: no layout is read for it.
  useEffect(() => {
    const tab = tabs.current[selectedIndex];
    if (selectedIndex > 0 && tab && list.current) revealTab(list.current, tab);
  }, [selectedIndex]);

  function select(id: string) {
    if (selectedKey === undefined) setChosen(id);
    onSelectionChange?.(id);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = nextIndex(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    if (!routed) select(items[next].id);
  }

  const panel = routed ? children : items.find((item) => item.id === selected)?.content;
  return (
    <div className={cx('ui-tabs', className)}>
      <div ref={list} role="tablist" aria-label={labelling['aria-label']} className="ui-tab-list">
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          const props = {
            ref: (element: HTMLElement | null) => {
              tabs.current[index] = element;
            },
            role: 'tab',
            id: tabId(item.id),
            'aria-selected': isSelected,
            'aria-controls': isSelected ? panelId : undefined,
            tabIndex: isSelected ? 0 : -1,
            className: 'ui-tab',
            onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
          };
          return item.href !== undefined ? (
            <Link key={item.id} to={item.href} {...props}>
              {item.label}
            </Link>
          ) : (
            <button key={item.id} type="button" {...props} onClick={() => select(item.id)}>
              {item.label}
            </button>
          );
        })}
      </div>
      {selected !== undefined && (
        // Keyed by the tab: a routed switch mounts the new panel afresh, as a page change does.
        <div key={selected} role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className="ui-tab-panel">
          {panel}
        </div>
      )}
    </div>
  );
}
