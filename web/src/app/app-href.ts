import { useHref } from 'react-router';

/** A link to another site ('https://…', 'mailto:…'): left as it is, never resolved against the current route. */
export const isExternalHref = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

/**
 * The `useHref` react-aria's RouterProvider gives every link: react-router's for the app's own
 * paths; an address of another site as written (react-router would read 'https://…' as a path
 * relative to the current page). The router's hook is always called, as hooks must be.
 */
export function useAppHref(href: string): string {
  const resolved = useHref(href);
  return isExternalHref(href) ? href : resolved;
}
