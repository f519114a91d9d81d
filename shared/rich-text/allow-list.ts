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

/** SPEC.md section 9: the editor's heights in pixels. */
export const EDITOR_HEIGHTS = { paragraph: 300, stepDescription: 200 } as const;
