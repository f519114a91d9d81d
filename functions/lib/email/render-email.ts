import { createElement } from 'react';
import { render } from '@react-email/render';
import { EmailLayout } from './email-layout';
import type { EmailContent } from './email-content';

/** The HTML and plain-text bodies of one email in the app's layout. */
export async function renderEmail(content: EmailContent, unsubscribeUrl?: string): Promise<{ html: string; text: string }> {
  const element = createElement(EmailLayout, { content, unsubscribeUrl });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
