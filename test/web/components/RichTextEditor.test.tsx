import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '../../../web/src/components/rich-text/RichTextEditor';
import { RichTextView, sanitizeForDisplay } from '../../../web/src/components/rich-text/RichTextView';
import { EDITOR_HEIGHTS, RICH_TEXT_LINK_MESSAGE, allowedLink } from '@shared/rich-text/allow-list';
import { sanitizeRichText } from '../../../functions/lib/rich-text';
import { expectNoAxeViolations } from '../../support/axe';

// jsdom has no layout: ProseMirror asks where a click landed; nowhere is a fine answer here.
document.elementFromPoint ??= () => null;
// Nor do ranges have rectangles: a command that scrolls the selection into view asks for them.
Range.prototype.getClientRects ??= () => document.createElement('span').getClientRects();
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

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

describe('RichTextEditor: the Link button', () => {
  it('draws its glyph as an icon in the text’s colour, as the other tools are drawn: no emoji (an empty box without an emoji font)', async () => {
    render(<Harness />);
    const toolbar = await screen.findByRole('toolbar', { name: 'Paragraph formatting' });
    for (const tool of toolbar.querySelectorAll('button')) expect(tool.textContent, tool.getAttribute('aria-label') ?? '').not.toMatch(/\p{Extended_Pictographic}/u);
    const icon = screen.getByRole('button', { name: 'Link' }).querySelector('svg');
    expect(icon?.getAttribute('stroke')).toBe('currentColor');
    expect(icon?.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('links the selected text to an http, https or mailto address and refuses any other', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(<Harness initial="<p>Visit us</p>" onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Paragraph' });
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(screen.getByText(RICH_TEXT_LINK_MESSAGE)).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.clear(address);
    await user.type(address, 'https://example.org/welcome{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/welcome">Visit us</a>')));
    expect(screen.queryByRole('group', { name: 'Paragraph link' })).toBeNull();
  });

  it('with nothing selected inserts the address as its text; Remove link takes it off; Escape closes the bar', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(await screen.findByRole('textbox', { name: 'Paragraph' }));
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByRole('textbox', { name: 'Link address' }), 'mailto:office@example.org{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="mailto:office@example.org">mailto:office@example.org</a>')));
    expect(screen.getByRole('button', { name: 'Link' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect((screen.getByRole('textbox', { name: 'Link address' }) as HTMLInputElement).value).toBe('mailto:office@example.org');
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>mailto:office@example.org</p>'));

    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Paragraph link' })).toBeNull();
  });
});

describe('allowedLink', () => {
  it('keeps whole http, https and mailto links only', () => {
    expect(allowedLink(' https://example.org/a?b=1 ')).toBe('https://example.org/a?b=1');
    expect(allowedLink('http://example.org')).toBe('http://example.org');
    expect(allowedLink('mailto:a@example.org')).toBe('mailto:a@example.org');
    for (const bad of ['', 'example.org', 'javascript:alert(1)', 'data:text/html,x', 'ftp://example.org', 'mailto:nobody', 'https://', '//example.org']) expect(allowedLink(bad)).toBeNull();
  });

  it('agrees with both sanitisers: what it keeps they keep', () => {
    for (const href of ['https://example.org/x', 'mailto:a@example.org']) {
      expect(sanitizeForDisplay(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    }
  });
});

describe('RichTextView', () => {
  it('shows stored HTML only through the allow-list', () => {
    expect(sanitizeForDisplay('<p onclick="x()">Hi <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>')).toBe('<p>Hi <a>x</a></p>');
    const { container } = render(<RichTextView html={'<h3>T</h3><script>alert(1)</script>'} />);
    expect(container.innerHTML).toBe('<div><h3>T</h3></div>');
  });
});
