import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './classNames';
import './Alert.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  /** Shows a Dismiss button when given. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * A banner message, e.g. the error banner inside a dialog. Warnings and errors interrupt
 * (role alert); information and success wait their turn (role status).
 */
export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={cx('ui-alert', `ui-alert-${tone}`, className)}>
      <div className="ui-alert-body">
        {title && <p className="ui-alert-title">{title}</p>}
        {children && <div className="ui-alert-message">{children}</div>}
      </div>
      {onDismiss && (
        <Button variant="ghost" size="small" className="ui-alert-dismiss" onPress={onDismiss}>
          Dismiss
        </Button>
      )}
    </div>
  );
}
