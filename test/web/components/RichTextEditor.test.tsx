import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '../../../web/src/components/rich-text/RichTextEditor';
import { RichTextView, sanitizeForDisplay } from '../../../web/src/components/rich-text/RichTextView';
import { EDITOR_HEIGHTS } from '@shared/rich-text/allow-list';
import { expectNoAxeViolations } from '../../support/axe';

// jsdom has no layout: ProseMirror asks where a click landed; nowhere is a fine answer here.
document.elementFromPoint ??= () => null;

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [html, setHtml] = useState(initial);
  return (
    <RichTextEditor
      label="Paragraph"
      value={html}
      height={EDITOR_HEIGHTS.paragraph}
      onChange={(next) => {
        onChange?.(next);
        setHtml(next);
      }}
    />
  );
}

describe('RichTextEditor', () => {
  it('is a labelled multi-line text box of SPEC’s height under a labelled toolbar; axe clean', async () => {
    const { container } = render(<Harness initial="<p>Hello</p>" />);
    const box = await screen.findByRole('textbox', { name: 'Paragraph' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.textContent).toBe('Hello');
    expect((container.querySelector('.ui-rich-text-frame') as HTMLElement).style.height).toBe('300px');
    expect(screen.getByRole('toolbar', { name: 'Paragraph formatting' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('the toolbar is one tab stop; arrow keys, Home and End move along it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bold');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Italic');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Redo');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bold');
    await user.keyboard('{ArrowLeft}{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bold');
    // Tab leaves the toolbar for the text box.
    await user.tab();
    expect(document.activeElement?.getAttribute('role')).toBe('textbox');
  });

  it('typing and a toolbar button change the HTML; Bold shows as pressed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Paragraph' });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('Strong');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>Strong</strong></p>'));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('RichTextView', () => {
  it('shows stored HTML only through the allow-list', () => {
    expect(sanitizeForDisplay('<p onclick="x()">Hi <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>')).toBe('<p>Hi <a>x</a></p>');
    const { container } = render(<RichTextView html={'<h3>T</h3><script>alert(1)</script>'} />);
    expect(container.innerHTML).toBe('<div><h3>T</h3></div>');
  });
});
