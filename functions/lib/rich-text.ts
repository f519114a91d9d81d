import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '../../shared/rich-text/allow-list';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // `style` is never allowed, so its CSS parser (postcss) is never needed; the bundles leave it out.
  parseStyleAttributes: false,
  // Script and style bodies go with their tags; other unknown tags leave their text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  // A link never gives the opened page a handle on ours.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

/**
 * The one sanitiser of stored rich text (ARCHITECTURE.md section 10): every route that stores
 * rich HTML passes it through here first, so what is stored holds only the allow-list of
 * shared/rich-text/allow-list.ts. Idempotent: sanitising stored text again changes nothing.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
