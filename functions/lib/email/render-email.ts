import { PRODUCT_NAME, previewText, type EmailContent } from './email-content';
import { PREVIEW_LENGTH, type EmailTemplate, type FooterVariant, type Slotted } from './email-template-shape';
import { loadEmailTemplate } from './load-email-template';

/*
 * Fills the compiled layout (./email-template.tsx) with one email's content. HTML slots are
 * escaped as React escapes text and attributes; the text version repeats what react-email's
 * HTML-to-text conversion does to this layout: whitespace runs become one space, blocks are
 * separated by a blank line (empty ones included), and a link is followed by its address unless its text is that address.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** A lone surrogate cannot be encoded in UTF-8; React's renderer writes U+FFFD for it. */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The HTML-to-text converter's whitespace (html-to-text's default `whitespaceCharacters`). */
const words = (value: string) => value.split(/[ \t\r\n\f\u200b]+/).filter(Boolean);
const collapse = (value: string) => words(value).join(' ');

function fill(template: Slotted, values: Record<string, string>): string {
  return template.map((part, i) => (i % 2 === 0 ? part : values[part])).join('');
}

/** A link's address as text shows it. */
const shownHref = (url: string) => url.replace(/^mailto:/, '');

/** A link as text: its words, then its address, unless the words spell the address exactly. */
function linkText(text: string, url: string): string {
  const href = shownHref(url);
  const shown = collapse(text);
  if (words(text).join('') === href) return shown;
  return shown ? `${shown} ${href}` : href;
}

function footerVariant(conferenceName: string | undefined, unsubscribeUrl: string | undefined): FooterVariant {
  if (conferenceName) return unsubscribeUrl ? 'conference+unsubscribe' : 'conference';
  return unsubscribeUrl ? 'unsubscribe' : 'plain';
}

function previewHtml(template: EmailTemplate, content: EmailContent): string {
  const preview = previewText(content).substring(0, PREVIEW_LENGTH);
  const missing = PREVIEW_LENGTH - preview.length;
  return escapeHtml(wellFormed(preview)) + (missing > 0 ? `<div>${template.html.previewPadding.repeat(missing)}</div>` : '');
}

export function fillEmail(template: EmailTemplate, raw: EmailContent, rawUnsubscribeUrl?: string): { html: string; text: string } {
  const content: EmailContent = JSON.parse(JSON.stringify(raw, (_key, value) => (typeof value === 'string' ? wellFormed(value) : value)));
  const unsubscribeUrl = rawUnsubscribeUrl === undefined ? undefined : wellFormed(rawUnsubscribeUrl);
  const { conferenceName, greeting, paragraphs, items, action, note } = content;
  const { html: parts, text: textParts } = template;
  const paragraph = (text: string) => fill(parts.paragraph, { text: escapeHtml(text) });
  const variant = footerVariant(conferenceName, unsubscribeUrl);
  const footerValues = { conference: conferenceName ?? '', unsubscribe: unsubscribeUrl ?? '' };

  const body = [
    fill(parts.brand, { text: escapeHtml(conferenceName ?? PRODUCT_NAME) }),
    greeting ? paragraph(greeting) : '',
    ...paragraphs.map(paragraph),
    items?.length ? parts.list[0] + items.map((item) => fill(parts.item, { url: escapeHtml(item.url), text: escapeHtml(item.text) })).join('') + parts.list[1] : '',
    action ? fill(parts.action, { url: escapeHtml(action.url), label: escapeHtml(action.label) }) : '',
    note ? paragraph(note) : '',
    fill(parts.footer[variant], { conference: escapeHtml(footerValues.conference), unsubscribe: escapeHtml(footerValues.unsubscribe) }),
  ].join('');
  // The preview is cut from the raw text (as react-email does), so it is made well formed after the cut.
  const html = fill(parts.frame, { preview: previewHtml(template, raw), body });

  // Every block the HTML has, even one left empty by whitespace, is followed by a blank line;
  // the converter drops the blank lines an empty first block would leave at the start.
  const blocks = [
    collapse(conferenceName ?? PRODUCT_NAME),
    ...(greeting ? [collapse(greeting)] : []),
    ...paragraphs.map(collapse),
    ...(items?.length ? [items.map((item) => textParts.itemPrefix + linkText(item.text, item.url)).join('\n')] : []),
    ...(action ? [linkText(action.label, action.url)] : []),
    ...(note ? [collapse(note)] : []),
    textParts.rule,
    collapse(fill(textParts.footer[variant], { ...footerValues, unsubscribe: shownHref(footerValues.unsubscribe) })),
  ];
  return { html, text: blocks.join('\n\n').replace(/^\n+/, '') };
}

/** The HTML and plain-text bodies of one email in the app's layout. */
export async function renderEmail(content: EmailContent, unsubscribeUrl?: string): Promise<{ html: string; text: string }> {
  return fillEmail(await loadEmailTemplate(), content, unsubscribeUrl);
}
