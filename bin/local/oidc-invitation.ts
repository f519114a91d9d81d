import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptLocalInvitation } from '../../functions/core/identity/local-accounts';
import { escapeHtml, renderPage, sendHtml } from './page-layout';
import { readBody } from './request-body';

/**
 * The set-password page an invitation email links to (functions/core/identity/account-local.ts),
 * the local stand-in for Cognito's temporary password: the token works once and expires.
 * Labels and messages are what the e2e tests use.
 */
export const PASSWORD_MIN = 12; // as the Cognito pool asks (docs/deploy.md)
export const INVITATION_INVALID = 'This invitation link is not valid any more. Ask an admin to send a new one.';
const PASSWORDS_DIFFER = 'The passwords do not match.';
const PASSWORD_SHORT = `The password must be at least ${PASSWORD_MIN} characters.`;

function setPasswordPage(options: { action: string; email: string; token: string; error?: string }): string {
  const errorId = 'set-password-error';
  const describedBy = options.error ? ` aria-describedby="${errorId}" aria-invalid="true"` : '';
  return renderPage({
    title: 'Set your password',
    body: `<h1>Set your password</h1>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  ${options.error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <p>Choose a password for ${escapeHtml(options.email)}.</p>
  <input type="hidden" name="email" value="${escapeHtml(options.email)}">
  <input type="hidden" name="token" value="${escapeHtml(options.token)}">
  <label for="password">New password
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}"${describedBy} autofocus>
  </label>
  <label for="confirm">Confirm password
    <input id="confirm" name="confirm" type="password" autocomplete="new-password" required${describedBy}>
  </label>
  <button type="submit">Set password</button>
</form>`,
  });
}

const donePage = (appUrl: string) =>
  renderPage({ title: 'Password set', body: `<h1>Your password is set</h1><p><a href="${escapeHtml(appUrl)}/">Sign in to Formation Tracks</a></p>` });

/** GET shows the form for the link's email and token; POST sets the password through the token. */
export async function handleInvitation(req: IncomingMessage, res: ServerResponse, options: { action: string; appUrl: string }): Promise<void> {
  const fields = req.method === 'POST' ? new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8')) : new URL(req.url ?? '/', 'http://local').searchParams;
  const email = (fields.get('email') ?? '').slice(0, 254);
  const token = (fields.get('token') ?? '').slice(0, 100);
  if (!email || !token) {
    sendHtml(res, 400, renderPage({ title: 'Invitation', body: `<h1>Invitation</h1><p role="alert">${escapeHtml(INVITATION_INVALID)}</p>` }));
    return;
  }
  const page = (status: number, error?: string) => sendHtml(res, status, setPasswordPage({ action: options.action, email, token, error }));
  if (req.method !== 'POST') return page(200);
  const password = fields.get('password') ?? '';
  if (password.length < PASSWORD_MIN) return page(400, PASSWORD_SHORT);
  if (password !== fields.get('confirm')) return page(400, PASSWORDS_DIFFER);
  if (!(await acceptLocalInvitation(email, token, password))) return page(400, INVITATION_INVALID);
  sendHtml(res, 200, donePage(options.appUrl));
}
