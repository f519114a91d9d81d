import { useRef } from 'react';
import type { ResponseOf } from '@shared/api/contract';
import type { Api } from '@shared/api';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';

type Counts = ResponseOf<Api['notification']['unreadCount']>;

/** The bell polls every UNREAD_POLL_FIRST_MS while counts move; each unchanged answer doubles the wait, up to UNREAD_POLL_MAX_MS. */
export const UNREAD_POLL_FIRST_MS = 15_000;
export const UNREAD_POLL_MAX_MS = 60_000;

/** The wait after `unchanged` answers in a row that moved nothing. */
export function unreadPollDelay(unchanged: number): number {
  return Math.min(UNREAD_POLL_MAX_MS, UNREAD_POLL_FIRST_MS * 2 ** unchanged);
}

const keyOf = (counts: Counts) => `${counts.unreadCount}/${counts.total}`;

/**
 * New notifications within a minute, without reload (issue 13): polls the inbox counter (one
 * small read, never the list) with back-off. SWR pauses it while the tab is hidden and polls at
 * once when the window regains focus. `onChange` runs when the counts moved since the last poll
 * (the bell then reloads its list). The first poll comes after the first wait: the list the
 * bell loads with the page carries the counts already.
 */
export function useUnreadCounts(onChange: () => void) {
  const unchanged = useRef(0);
  const last = useRef<string | undefined>(undefined);
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
        if (last.current !== undefined && key !== last.current) {
          unchanged.current = 0;
          changed.current();
        } else if (last.current !== undefined) {
          unchanged.current += 1;
        }
        last.current = key;
      },
    },
  );
}
