import { render, screen } from '@testing-library/react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from '../../../web/src/components/ui';
import { isExternalHref, useAppHref } from '../../../web/src/app/app-href';

/** Links rendered as the Shell renders them: react-aria's RouterProvider with the app's href hook, on a nested page. */
function Page() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useAppHref}>
      <Link href="https://meet.example.org/panel" target="_blank" rel="noreferrer">Video</Link>
      <Link href="mailto:chair@example.org">Mail</Link>
      <Link href="/tracks">Tracks</Link>
      <Link href="tasks">Relative</Link>
    </AriaRouterProvider>
  );
}

describe('the app href of a link', () => {
  it("keeps another site's address as written and resolves the app's own paths", () => {
    const router = createMemoryRouter([{ path: '/step/:id', element: <Page /> }], { initialEntries: ['/step/s1'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Video' }).getAttribute('href')).toBe('https://meet.example.org/panel');
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe('mailto:chair@example.org');
    expect(screen.getByRole('link', { name: 'Tracks' }).getAttribute('href')).toBe('/tracks');
    expect(screen.getByRole('link', { name: 'Relative' }).getAttribute('href')).toBe('/step/s1/tasks');
  });

  it('tells an address with a scheme from a path', () => {
    expect(['https://x.org', 'HTTP://x.org', 'mailto:a@b.org', 'tel:+15555550100'].every(isExternalHref)).toBe(true);
    expect(['/tracks', 'tasks', '../up', '#main', '//host/path'].some(isExternalHref)).toBe(false);
  });
});
