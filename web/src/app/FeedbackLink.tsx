import { routes } from '../lib/api/routes';
import { useApi } from '../lib/api/use-api';

/** A speech bubble: the feedback link on a phone, where its word would wrap the top bar. */
function FeedbackIcon() {
  return (
    <svg className="app-feedback-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 5v2h10V8H7Zm0 4v2h7v-2H7Z" />
    </svg>
  );
}

/**
 * The shell's link to the external feedback form (SPEC.md section 1), whose address is a
 * deployment setting (`feedbackUrl`; locally, the runtime's stand-in page); it opens in a new
 * tab. No setting, no link. The account gate loads the setting with the account, so the top bar
 * is drawn once, link included.
 */
export function FeedbackLink() {
  const settings = useApi(routes.app.settings);
  const url = settings.data?.feedbackUrl;
  if (!url) return null;
  return (
    <a className="app-feedback-link" href={url} target="_blank" rel="noopener noreferrer" aria-label="Feedback (opens in a new tab)">
      <FeedbackIcon />
      <span className="app-feedback-text">Feedback</span>
    </a>
  );
}
