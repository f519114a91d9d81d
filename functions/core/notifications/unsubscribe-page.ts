import { config } from '../../lib/config';
import { PRODUCT_NAME } from '../../lib/email/email-content';
import { UNSUBSCRIBE_INVALID, UNSUBSCRIBE_PATH } from './unsubscribe';

/**
 * The pages an unsubscribe link answers (outside the app: the person may not be signed in).
 * Nothing in them comes from the request but a token already checked against its signature
 * (and its shape: base64url characters and one dot).
 */
export const CONFIRM_HEADING = 'Turn off email notifications?';
export const CONFIRM_TEXT = 'You will no longer get emails about your tracks. You still see notifications in the app, and emails you ask for (like password links) still arrive.';
export const CONFIRM_BUTTON = 'Turn off email notifications';
export const UNSUBSCRIBED_HEADING = 'You are unsubscribed';
export const UNSUBSCRIBED_TEXT = 'Email notifications are now off. You still see notifications in the app, and emails you ask for (like password links) still arrive.';
export const INVALID_HEADING = 'This link did not work';

function page(heading: string, text: string, form = ''): string {
  const signIn = new URL('/', config.appUrl).toString();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} - ${PRODUCT_NAME}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:48px 16px}main{background:#fff;border-radius:8px;margin:0 auto;max-width:520px;padding:24px 32px}a{color:#1d4ed8}button{background:#1d4ed8;border:0;border-radius:6px;color:#fff;cursor:pointer;font:inherit;font-weight:600;padding:12px 20px}</style>
</head>
<body>
<main>
<p>${PRODUCT_NAME}</p>
<h1>${heading}</h1>
<p>${text}</p>
${form}<p><a href="${signIn}">Sign in to ${PRODUCT_NAME}</a> to change your notification settings on your profile.</p>
</main>
</body>
</html>
`;
}

/** The GET's answer to a good link: one button posting the same token (the one-click route). */
export function confirmUnsubscribePage(token: string): string {
  const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  const form = `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><p><button type="submit">${CONFIRM_BUTTON}</button></p></form>\n`;
  return page(CONFIRM_HEADING, CONFIRM_TEXT, form);
}

export const unsubscribedPage = () => page(UNSUBSCRIBED_HEADING, UNSUBSCRIBED_TEXT);
export const invalidUnsubscribePage = () => page(INVALID_HEADING, UNSUBSCRIBE_INVALID);
