import type { ReactNode } from 'react';
import './Button.css';
import './EmptyState.css';

export interface EmptyStateProps {
  title?: string;
  message: ReactNode;
  /** An optional call to action (a button or link). `children` works too. */
  action?: ReactNode;
  children?: ReactNode;
}

/** What a list or page shows when there is nothing in it yet. */
export function EmptyState({ title, message, action, children }: EmptyStateProps) {
  const actions = action ?? children;
  return (
    <div className="ui-empty-state">
      {title && <h2 className="ui-empty-state-title">{title}</h2>}
      <p className="ui-empty-state-message">{message}</p>
      {actions && <div className="ui-button-row">{actions}</div>}
    </div>
  );
}
