import './Skeleton.css';

export interface SkeletonProps {
  /** Announced while loading (read by screen readers, not shown), e.g. 'Loading locations...'. */
  message: string;
  /** Grey text lines standing in for the content, so it takes its final height at once. */
  lines?: number;
}

/**
 * A loading placeholder the size of what it stands for (one text line per `lines`), so nothing
 * below it moves when the content arrives; the wait is announced once, like LoadingState.
 */
export function Skeleton({ message, lines = 1 }: SkeletonProps) {
  return (
    <div className="ui-skeleton" role="status" aria-live="polite">
      <span className="ui-visually-hidden">{message}</span>
      {Array.from({ length: lines }, (_, line) => (
        <SkeletonBar key={line} />
      ))}
    </div>
  );
}

/** One grey text line (hidden from screen readers): a cell or value not loaded yet. */
export function SkeletonBar() {
  return <span className="ui-skeleton-bar" aria-hidden="true" />;
}
