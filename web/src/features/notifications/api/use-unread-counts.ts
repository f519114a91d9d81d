import { useRef } from 'react';
import type { ResponseOf } from '@shared/api/contract';
import type { Api } from '@shared/api';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

type Counts = ResponseOf<Api['notification']['unreadCount']>;

/**
 * The promise (issue 13, issue 24): a new notification shows in an open page within a minute of
 * being created, whenever it arrives. The bell polls every UNREAD_POLL_FIRST_MS while counts move;
 * each unchanged answer doubles the wait, up to UNREAD_POLL_MAX_MS. The longest wait leaves 15 s
 * of the minute to the outbox worker, which delivers the notification into the inbox (the stream,
 * its 1 s batching window, the fan-out's writes), and to the poll and the list's reload.
 */
export const UNREAD_POLL_FIRST_MS = 15_000;
export const UNREAD_POLL_MAX_MS = 45_000;

/** The wait after `unchanged` answers in a row that moved nothing. */
export function unreadPollDelay(unchanged: number): number {
  return Math.min(UNREAD_POLL_MAX_MS, UNREAD_POLL_FIRST_MS * 2 ** unchanged);
}

const keyOf = (counts: Counts) => `${counts.unreadCount}/${counts.total}`;

/**
 * New notifications within a minute, without reload: polls the inbox counter (one small read,
 * never the list) with back-off. SWR pauses it while the tab is hidden and polls at once when the
 * window regains focus. The first poll comes after the first wait: the list the bell loads with
 * the page carries the counts already.
 *
 * Each answer is compared with `shown`, the counts of the list the bell shows (first those it
 * loaded with the page), so a notification that arrived before the first poll is news to it too;
 * `onChange` runs when they differ (the bell then reloads its list). Until a list has loaded, the
 * previous answer stands in for it.
 */
export function useUnreadCounts(shown: Counts | undefined, onChange: () => void) {
  const unchanged = useRef(0);
  const last = useRef<string | undefined>(undefined);
  const shownKey = useRef<string | undefined>(undefined);
  shownKey.current = shown ? keyOf(shown) : undefined;
  const changed = useRef(onChange);
  changed.current = onChange;
  return useApi(
    routes.notification.unreadCount,
    {},
    {
      revalidateOnMount: false,
      dedupingInterval: 0,
      focusThrottleInterval: 0,
      refreshWhenHidden: false,
      refreshInterval: () => unreadPollDelay(unchanged.current),
      onSuccess: (counts) => {
        const key = keyOf(counts);
        const known = shownKey.current ?? last.current;
        last.current = key;
        if (known === undefined) return;
        if (key !== known) {
          unchanged.current = 0;
          changed.current();
        } else {
          unchanged.current += 1;
        }
      },
    },
  );
}
