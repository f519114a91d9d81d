import { useId, useState } from 'react';
import type { NotificationView } from '@shared/api/notification';

export interface NotificationItemsProps {
  items: NonNullable<NotificationView['items']>;
  /** Follows one item's link (marks the notification read and closes the panel first). */
  onOpen: (link: string) => void;
}

/**
 * A digest notification's own list (an escalation's overdue steps): a disclosure button under
 * the entry shows each item with its link, as the digest's email lists them.
 */
/** 'Show the 2 items' / 'Hide the 2 items'; one item is 'Show the item' (not 'the 1 item'). */
export function itemsToggleLabel(count: number, isExpanded: boolean): string {
  return `${isExpanded ? 'Hide' : 'Show'} the ${count === 1 ? 'item' : `${count} items`}`;
}

export function NotificationItems({ items, onOpen }: NotificationItemsProps) {
  const [isExpanded, setExpanded] = useState(false);
  const listId = useId();
  return (
    <div className="notif-items">
      <button type="button" className="notif-expand" aria-expanded={isExpanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)}>
        {itemsToggleLabel(items.length, isExpanded)}
      </button>
      {isExpanded && (
        <ul id={listId} className="notif-item-list">
          {items.map((item, index) => (
            <li key={index}>
              <a
                href={item.link}
                onClick={(event) => {
                  // A plain click stays in the app; a modified one (new tab) is the browser's.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  onOpen(item.link);
                }}
              >
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
