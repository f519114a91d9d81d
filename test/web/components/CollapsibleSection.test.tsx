import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollapsibleSection, SECTION_COLLAPSE_MS, SECTION_EXPAND_MS } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function panelOf(button: HTMLElement) {
  return document.getElementById(button.getAttribute('aria-controls')!)!;
}

describe('CollapsibleSection', () => {
  it('starts collapsed with its content inert', () => {
    render(
      <CollapsibleSection title="Phase 1">
        <a href="/step/1">Step one</a>
      </CollapsibleSection>,
    );
    const button = screen.getByRole('button', { name: 'Phase 1' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(button).hasAttribute('inert')).toBe(true);
  });

  it('toggles with Enter and a click, reporting the new state', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(
      <CollapsibleSection title="Attachments" onExpandedChange={onExpandedChange}>
        <p>Click to download</p>
      </CollapsibleSection>,
    );
    const button = screen.getByRole('button', { name: 'Attachments' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(button).hasAttribute('inert')).toBe(false);
    expect(onExpandedChange).toHaveBeenLastCalledWith(true);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(onExpandedChange).toHaveBeenLastCalledWith(false);
  });

  it('expands in 0.5 s and collapses in 0.3 s', () => {
    expect(SECTION_EXPAND_MS).toBe(500);
    expect(SECTION_COLLAPSE_MS).toBe(300);
    const { container } = render(
      <CollapsibleSection title="Content" defaultExpanded>
        <p>Body</p>
      </CollapsibleSection>,
    );
    const section = container.querySelector('section')!;
    expect(section.style.getPropertyValue('--ui-expand-ms')).toBe('500ms');
    expect(section.style.getPropertyValue('--ui-collapse-ms')).toBe('300ms');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <CollapsibleSection title="Actions" defaultExpanded>
        <p>Complete or review each of the action items listed below.</p>
      </CollapsibleSection>,
    );
    await expectNoAxeViolations(container);
  });
});
