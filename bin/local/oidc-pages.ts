import { escapeHtml, renderPage } from './page-layout';

export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const WRONG_CODE = 'Incorrect code. Enter the current code from your authenticator app.';
export const TOO_MANY_CODES = 'Too many incorrect codes. Sign in again.';

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
 * The second step for an account with an authenticator app, as Cognito's managed login asks.
 * `demoCode` (demo accounts only, whose secret is public) is shown as a hint.
 */
export function codePage(options: { action: string; error?: string; demoCode?: string }): string {
  const errorId = 'code-error';
  const describedBy = options.error ? ` aria-describedby="${errorId}" aria-invalid="true"` : '';
  return renderPage({
    title: 'Authenticator code',
    body: `<h1>Enter your code</h1>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  ${options.error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <p>Open your authenticator app and enter the 6-digit code it shows for Formation Tracks.</p>
  <label for="code">Authenticator code
    <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${describedBy}>
  </label>
  <button type="submit">Verify</button>
</form>
${options.demoCode ? `<p class="hint">Demo account: the current code is <strong>${escapeHtml(options.demoCode)}</strong> (local sign-in only).</p>` : ''}`,
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
