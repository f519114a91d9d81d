import { escapeHtml, renderPage } from './page-layout';

export const WRONG_CREDENTIALS = 'Incorrect email or password.';

/** The sign-in page of the local OpenID provider. Labels and button text are what the e2e tests use. */
export function signInPage(options: { action: string; email?: string; error?: string }): string {
  const errorId = 'sign-in-error';
  const describedBy = options.error ? ` aria-describedby="${errorId}" aria-invalid="true"` : '';
  return renderPage({
    title: 'Sign in',
    body: `<h1>Sign in</h1>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  ${options.error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <label for="email">Email
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${describedBy}${options.email ? '' : ' autofocus'}>
  </label>
  <label for="password">Password
    <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${options.email ? ' autofocus' : ''}>
  </label>
  <button type="submit">Sign in</button>
</form>
<p class="hint">Local sign-in. The demo accounts are printed where the app was started.</p>`,
  });
}

/**
 * Sign-out: the provider's form (with its anti-forgery field) submits itself, so leaving
 * the app takes no extra click; the button is there when scripts are off.
 */
export function signOutPage(providerForm: string): string {
  return renderPage({
    title: 'Signing out',
    body: `<h1>Signing out</h1>
${providerForm}
<p>You are being signed out.</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
    script: `document.querySelector('button[name="logout"]').click();`,
  });
}

export function signedOutPage(appUrl: string): string {
  return renderPage({
    title: 'Signed out',
    body: `<h1>Signed out</h1><p>You have been signed out.</p><p><a href="${escapeHtml(appUrl)}">Return to Formation Tracks</a></p>`,
  });
}

export function providerErrorPage(options: { appUrl: string; error: string; description?: string }): string {
  return renderPage({
    title: 'Sign-in problem',
    body: `<h1>Sign-in problem</h1>
<p class="error" role="alert">${escapeHtml(options.description || options.error)}</p>
<p><a href="${escapeHtml(options.appUrl)}">Return to Formation Tracks and sign in again</a></p>`,
  });
}
