import { useCallback, useRef, type RefObject } from 'react';

/** The attribute naming the item a card's Remove button removes (`data-removes={item.id}`). */
const REMOVES = 'data-removes';

export interface RemovalFocus {
  /** On the card's section: where its Remove buttons are looked for. */
  cardRef: RefObject<HTMLElement | null>;
  /** On the card's heading (with tabIndex -1): where focus goes when no Remove button is left. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Before removing `key`: notes the Remove buttons in their order. */
  remember: (key: string) => void;
  /**
   * Once the removal is over (the confirmation has gone and the list is reloaded): focus the same
   * button if the item is still removable (cancelled, refused), else the next one, else the one
   * before, else the card's heading. Focus never falls back to the top of the page.
   */
  restore: () => void;
}

/** Where keyboard focus goes after a profile card removes something (the pressed button is gone with its row). */
export function useRemovalFocus(): RemovalFocus {
  const cardRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const pending = useRef<{ key: string; keys: string[] } | null>(null);

  const buttonOf = (key: string) =>
    [...(cardRef.current?.querySelectorAll<HTMLElement>(`[${REMOVES}]`) ?? [])].find((button) => button.getAttribute(REMOVES) === key);

  const remember = useCallback((key: string) => {
    const keys = [...(cardRef.current?.querySelectorAll<HTMLElement>(`[${REMOVES}]`) ?? [])].map((button) => button.getAttribute(REMOVES) ?? '');
    pending.current = { key, keys };
  }, []);

  const restore = useCallback(() => {
    const noted = pending.current;
    pending.current = null;
    if (!noted) return;
    const at = noted.keys.indexOf(noted.key);
    const order = [noted.key, ...noted.keys.slice(at + 1), ...noted.keys.slice(0, Math.max(at, 0)).reverse()];
    for (const key of order) {
      const button = buttonOf(key);
      if (button && !button.hasAttribute('disabled')) {
        button.focus();
        return;
      }
    }
    headingRef.current?.focus();
  }, []);

  return { cardRef, headingRef, remember, restore };
}
