import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URI_PATTERN } from '@shared/rich-text/allow-list';

const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: RICH_TEXT_URI_PATTERN,
};

/** Rich text as the browser shows it: through DOMPurify with the server's allow-list, whatever is stored. */
export function sanitizeForDisplay(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}

/** Shows stored rich text (a Paragraph, a step's description), always sanitised first. */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
