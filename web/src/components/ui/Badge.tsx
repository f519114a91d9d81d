import type { ReactNode } from 'react';
import { cx } from './classNames';
import './Badge.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short status label, e.g. a step status or the form version ('v1'). */
export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cx('ui-badge', `ui-badge-${tone}`, className)}>{children}</span>;
}
