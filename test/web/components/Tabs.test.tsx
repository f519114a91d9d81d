import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

const items = [
  { id: 'profile', label: 'Profile', content: <p>Profile panel</p> },
  { id: 'documents', label: 'Documents', content: <p>Documents panel</p> },
  { id: 'forms', label: 'Forms', content: <p>Forms panel</p> },
];

describe('Tabs', () => {
  it('shows the first panel and switches with arrow keys', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<Tabs aria-label="User" items={items} onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Profile panel');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Documents panel');
    expect(onSelectionChange).toHaveBeenLastCalledWith('documents');
  });

  it('a click selects a tab', async () => {
    const user = userEvent.setup();
    render(<Tabs aria-label="User" items={items} />);
    await user.click(screen.getByRole('tab', { name: 'Forms' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Forms panel');
  });

  it('Home and End reach the first and last tab; only the selected tab is a tab stop', async () => {
    const user = userEvent.setup();
    render(<Tabs aria-label="User" items={items} />);
    await user.tab();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Forms' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Forms panel');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{End}{Home}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Profile panel');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Profile' }).id);
  });

  it('routed tabs are links, selected by the route, showing the outlet', () => {
    render(
      <MemoryRouter>
        <Tabs
          aria-label="Admin"
          selectedKey="districts"
          items={[
            { id: 'churches', label: 'Churches', href: '/admin/churches' },
            { id: 'districts', label: 'Districts', href: '/admin/districts' },
          ]}
        >
          <p>Districts table</p>
        </Tabs>
      </MemoryRouter>,
    );
    const districts = screen.getByRole('tab', { name: 'Districts' });
    expect(districts.tagName).toBe('A');
    expect(districts.getAttribute('href')).toBe('/admin/districts');
    expect(districts.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Churches' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel').textContent).toBe('Districts table');
  });

  it('on routed tabs an arrow moves the focus only, and Enter follows the link', async () => {
    const user = userEvent.setup();
    const routed = (selectedKey: string, table: string) => (
      <Tabs
        aria-label="Admin"
        selectedKey={selectedKey}
        items={[
          { id: 'churches', label: 'Churches', href: '/admin/churches' },
          { id: 'districts', label: 'Districts', href: '/admin/districts' },
        ]}
      >
        <p>{table}</p>
      </Tabs>
    );
    render(
      <MemoryRouter initialEntries={['/admin/districts']}>
        <Routes>
          <Route path="/admin/churches" element={routed('churches', 'Churches table')} />
          <Route path="/admin/districts" element={routed('districts', 'Districts table')} />
        </Routes>
      </MemoryRouter>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Districts' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Churches' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Districts table');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Churches table');
    expect(screen.getByRole('tab', { name: 'Churches' }).getAttribute('aria-selected')).toBe('true');
  });

  it('in a row narrower than its tabs (a phone), the selected tab is scrolled into view, and the first tab reads no layout', () => {
    // jsdom lays nothing out: the row is 300 px wide and each tab 120 px, one after the other.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = ['Profile', 'Documents', 'Forms'].indexOf(this.textContent ?? '');
      const left = this.getAttribute('role') === 'tablist' ? 0 : index * 120 - (this.parentElement?.scrollLeft ?? 0);
      const width = this.getAttribute('role') === 'tablist' ? 300 : 120;
      return { left, right: left + width, top: 0, bottom: 40, width, height: 40, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      const { unmount } = render(<Tabs aria-label="User" items={items} />);
      expect(rect).not.toHaveBeenCalled();
      unmount();
      render(<Tabs aria-label="User" items={items} defaultSelectedKey="forms" />);
      // Forms spans 240 to 360: the row scrolls by 60 to show its right edge.
      expect(screen.getByRole('tablist').scrollLeft).toBe(60);
    } finally {
      rect.mockRestore();
    }
  });

  it('has no axe violations', async () => {
    const { container } = render(<Tabs aria-label="User" items={items} />);
    await expectNoAxeViolations(container);
  });
});
