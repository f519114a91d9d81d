/**
 * What stored rich text (a form's Paragraph, a step's description) may hold: what the editor
 * makes (Tiptap's starter kit) and nothing else. The server strips everything outside it before
 * storing (functions/lib/rich-text.ts, sanitize-html) and the browser again before showing
 * (DOMPurify, web/src/components/rich-text/RichTextView.tsx), both from this one list.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'code', 'pre', 'blockquote', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'hr', 'a'] as const;

/** Attributes per tag; every other attribute (style, on*, class ...) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
};

/** Link schemes kept; `javascript:`, `data:` and the rest are removed with the href. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** The browser sanitiser's form of the same schemes (DOMPurify takes a pattern). */
export const RICH_TEXT_URI_PATTERN = new RegExp(`^(?:${RICH_TEXT_SCHEMES.join('|')}):`, 'i');

export const RICH_TEXT_LINK_MESSAGE = 'Enter a link starting with http://, https:// or mailto:.';

/**
 * A link the editor's Link button accepts: a whole URL of an allowed scheme (a web address
 * with its host, or a mail address), so the sanitisers never have to drop what was typed.
 * Returns the trimmed link, or null.
 */
export function allowedLink(text: string): string | null {
  const link = text.trim();
  if (!link || link.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!(RICH_TEXT_SCHEMES as readonly string[]).includes(scheme)) return null;
  if (scheme === 'mailto') return url.pathname.includes('@') ? link : null;
  return url.hostname ? link : null;
}

/** SPEC.md section 9: the editor's heights in pixels. */
export const EDITOR_HEIGHTS = { paragraph: 300, stepDescription: 200 } as const;
