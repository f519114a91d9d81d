import { Skeleton } from '../../../components/ui';
import { cx } from '../../../components/ui/classNames';

/**
 * A profile card while its data loads: its heading (with the room of its action button when the
 * viewer will get one) and grey lines about the height of its usual content, so the cards below
 * move little when it comes, instead of a spinner block of another height.
 */
export function CardLoading({ headingId, title, message, lines = 1, hasAction = false }: { headingId: string; title: string; message: string; lines?: number; hasAction?: boolean }) {
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <div className={cx('profile-card-head', hasAction && 'profile-card-head-pending')}>
        <h2 id={headingId}>{title}</h2>
      </div>
      <Skeleton message={message} lines={lines} />
    </section>
  );
}
