import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';
import { cx } from './classNames';
import './ProgressBar.css';

export interface ProgressBarProps {
  /** The bar's accessible name; shown above it unless `showLabel` is false. */
  label: string;
  showLabel?: boolean;
  value: number;
  /** The whole amount; null while it is not known, which makes the bar indeterminate. */
  maxValue: number | null;
  /** How the value reads ('3 of 10'); react-aria's percentage when absent. */
  valueLabel?: string;
  className?: string;
}

/**
 * Long work's progress (ARCHITECTURE.md section 10): a determinate bar with its value in words,
 * or a sweeping bar while the total is unknown. The value text is for sighted users; screen
 * readers get it from the progressbar's aria-valuetext, so a live region around the bar does
 * not announce every step.
 */
export function ProgressBar({ label, showLabel = true, value, maxValue, valueLabel, className }: ProgressBarProps) {
  const isIndeterminate = maxValue === null;
  return (
    <AriaProgressBar
      value={value}
      minValue={0}
      // Never below the value or zero, so the percentage stays between 0 and 100.
      maxValue={isIndeterminate ? undefined : Math.max(maxValue, value, 1)}
      isIndeterminate={isIndeterminate}
      valueLabel={valueLabel}
      aria-label={showLabel ? undefined : label}
      className={cx('ui-progress', isIndeterminate && 'ui-progress-indeterminate', className)}
    >
      {({ percentage, valueText }) => (
        <>
          <span className="ui-progress-header">
            {showLabel && <Label className="ui-progress-label">{label}</Label>}
            {valueText && <span aria-hidden="true">{valueText}</span>}
          </span>
          <span className="ui-progress-track">
            <span className="ui-progress-fill" style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }} />
          </span>
        </>
      )}
    </AriaProgressBar>
  );
}
