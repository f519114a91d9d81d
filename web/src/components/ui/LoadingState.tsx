import { SpinnerGlyph } from './Spinner';
import './Spinner.css';
import './LoadingState.css';

export interface LoadingStateProps {
  /** Shown under the spinner and announced, e.g. 'Loading your account...'. */
  message?: string;
}

/** A centred spinner with a message; a polite live region so the wait is announced once. */
export function LoadingState({ message = 'Loading...' }: LoadingStateProps) {
  return (
    <div className="ui-loading-state" role="status" aria-live="polite">
      <SpinnerGlyph size="large" />
      <p>{message}</p>
    </div>
  );
}
