import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from '../../../components/ui';

export interface LabelItem {
  id: string;
  label: string;
}

export interface LabelListProps {
  headingId: string;
  title: string;
  /** What the list is called in messages: 'tags', 'aliases'. */
  noun: string;
  items: LabelItem[] | undefined;
  error: unknown;
  /** Present when the viewer may remove items. */
  onRemove?: (item: LabelItem) => void;
  /** Present when the viewer may delete an item for everyone (a superadmin's tags). */
  onDelete?: (item: LabelItem) => void;
  isPending: boolean;
  /** The add form, for viewers who may add. */
  children?: ReactNode;
}

/** A profile card listing short labels of a user (tags, aliases), each removable by those who may, with an add form below. */
export function LabelList({ headingId, title, noun, items, error, onRemove, onDelete, isPending, children }: LabelListProps) {
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {error ? <Alert tone="danger">{(error as Error).message}</Alert> : null}
      {!error && !items && <Skeleton message={`Loading ${noun}...`} />}
      {items?.length === 0 && <p className="admin-muted">No {noun}.</p>}
      {items && items.length > 0 && (
        <ul className="profile-labels" aria-label={title}>
          {items.map((item) => (
            <li key={item.id} className="profile-label">
              <span>{item.label}</span>
              {onRemove && (
                <Button size="small" variant="secondary" aria-label={`Remove ${item.label}`} isDisabled={isPending} onPress={() => onRemove(item)}>
                  Remove
                </Button>
              )}
              {onDelete && (
                <Button size="small" variant="danger" aria-label={`Delete ${item.label} for everyone`} isDisabled={isPending} onPress={() => onDelete(item)}>
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
