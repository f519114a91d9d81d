import { config } from '../../lib/config';
import { PRODUCT_NAME } from '../../lib/email/email-content';
import { UNSUBSCRIBE_INVALID } from './unsubscribe';

/**
 * The page an unsubscribe link answers (outside the app: the person may not be signed in).
 * Nothing in it comes from the request.
 */
export const UNSUBSCRIBED_HEADING = 'You are unsubscribed';
export const UNSUBSCRIBED_TEXT = 'Email notifications are now off. You still see notifications in the app, and emails you ask for (like password links) still arrive.';
export const INVALID_HEADING = 'This link did not work';

function page(heading: string, text: string): string {
  const signIn = new URL('/', config.appUrl).toString();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} - ${PRODUCT_NAME}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:48px 16px}main{background:#fff;border-radius:8px;margin:0 auto;max-width:520px;padding:24px 32px}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<p>${PRODUCT_NAME}</p>
<h1>${heading}</h1>
<p>${text}</p>
<p><a href="${signIn}">Sign in to ${PRODUCT_NAME}</a> to change your notification settings on your profile.</p>
</main>
</body>
</html>
`;
}

export const unsubscribedPage = () => page(UNSUBSCRIBED_HEADING, UNSUBSCRIBED_TEXT);
export const invalidUnsubscribePage = () => page(INVALID_HEADING, UNSUBSCRIBE_INVALID);
