import { routes } from '../lib/api/routes';
import { useApi } from '../lib/api/use-api';

/**
 * The shell's link to the external feedback form (SPEC.md section 1), whose address is a
 * deployment setting (`feedbackUrl`); it opens in a new tab. No setting, no link.
 */
export function FeedbackLink() {
  const settings = useApi(routes.app.settings);
  const url = settings.data?.feedbackUrl;
  if (!url) return null;
  return (
    <a className="app-feedback-link" href={url} target="_blank" rel="noopener noreferrer">
      Feedback<span className="ui-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
