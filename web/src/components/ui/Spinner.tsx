import { ProgressBar } from 'react-aria-components';
import { cx } from './classNames';
import './Spinner.css';

export interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** An indeterminate progress indicator (role progressbar, named by `label`). */
export function Spinner({ label = 'Loading...', size = 'medium', className }: SpinnerProps) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className={cx('ui-spinner', `ui-spinner-${size}`, className)}>
      <span className="ui-spinner-ring" aria-hidden="true" />
    </ProgressBar>
  );
}

/** The same ring without a role, for places that already announce what is happening. */
export function SpinnerGlyph({ size = 'medium' }: Pick<SpinnerProps, 'size'>) {
  return (
    <span className={cx('ui-spinner', `ui-spinner-${size}`)} aria-hidden="true">
      <span className="ui-spinner-ring" />
    </span>
  );
}
