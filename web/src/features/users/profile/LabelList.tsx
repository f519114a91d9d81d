import type { ReactNode } from 'react';
import { Alert, Skeleton } from '../../../components/ui';
import { RemoveButton } from './RemoveButton';
import type { RemovalFocus } from './use-removal-focus';

export interface LabelItem {
  id: string;
  label: string;
}

export interface LabelListProps {
  headingId: string;
  title: string;
  /** What the list is called in messages: 'tags', 'aliases'. */
  noun: string;
  /** One item, as its Remove button names it: 'tag' ('Remove tag Youth'). */
  kind: string;
  items: LabelItem[] | undefined;
  error: unknown;
  /** Present when the viewer may remove items from this user (the card asks first). */
  onRemove?: (item: LabelItem) => void;
  isPending: boolean;
  /** Where focus goes after a removal. */
  focus: RemovalFocus;
  /** Beside the heading (a superadmin's Delete Tag for Everyone). */
  actions?: ReactNode;
  /** The add form, for viewers who may add. */
  children?: ReactNode;
}

/** A profile card listing short labels of a user (tags, aliases), each removable by those who may, with an add form below. */
export function LabelList({ headingId, title, noun, kind, items, error, onRemove, isPending, focus, actions, children }: LabelListProps) {
  return (
    <section ref={focus.cardRef} className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card-head">
        <h2 id={headingId} ref={focus.headingRef} tabIndex={-1}>
          {title}
        </h2>
        {actions}
      </div>
      {error ? <Alert tone="danger">{(error as Error).message}</Alert> : null}
      {!error && !items && <Skeleton message={`Loading ${noun}...`} />}
      {items?.length === 0 && <p className="admin-muted">No {noun}.</p>}
      {items && items.length > 0 && (
        <ul className="profile-labels" aria-label={title}>
          {items.map((item) => (
            <li key={item.id} className="profile-label">
              <span>{item.label}</span>
              {onRemove && (
                <RemoveButton
                  kind={kind}
                  name={item.label}
                  removes={item.id}
                  isDisabled={isPending}
                  onPress={() => {
                    focus.remember(item.id);
                    onRemove(item);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
