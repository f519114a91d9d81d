import type { Ref } from 'react';
import type { AuditChange, AuditEntryView } from '@shared/schemas/audit';
import { Badge, formatDateTime } from '../ui';
import { actionText, fieldText, kindText, RECORD_WORDS } from './audit-words';

/** One field of a change: 'Title: Ms. → Rev.', a value added or removed, or only that a private value changed. */
function ChangeLine({ change }: { change: AuditChange }) {
  const field = <span className="audit-field">{`${fieldText(change.field)}:`}</span>;
  // A private value is never in the entry: say only that it changed.
  if (change.changed || (change.before === undefined && change.after === undefined)) {
    return (
      <li>
        {field} <em className="audit-private">changed</em>
      </li>
    );
  }
  if (change.before === undefined) {
    return (
      <li>
        {field} <span className="audit-value">{change.after}</span>
      </li>
    );
  }
  if (change.after === undefined) {
    return (
      <li>
        {field} <span className="audit-value audit-removed">{change.before}</span> <span className="audit-note">(removed)</span>
      </li>
    );
  }
  return (
    <li>
      {field} <span className="audit-value">{change.before}</span>{' '}
      <span aria-hidden="true" className="audit-arrow">
        →
      </span>
      <span className="ui-visually-hidden">{' changed to'}</span> <span className="audit-value">{change.after}</span>
    </li>
  );
}

/** Who: the person, or a background job started by that person. */
function actorText(entry: AuditEntryView): string {
  return entry.onBehalfOf ? `A background job on behalf of ${entry.actorName}` : `By ${entry.actorName}`;
}

export interface AuditEntryItemProps {
  entry: AuditEntryView;
  /** The organisation page names the record each entry is about; a record's History does not. */
  showRecord?: boolean;
  ref?: Ref<HTMLLIElement>;
}

/**
 * One audit entry: what was done (a heading, with its kind), when (date and time) and by whom,
 * then each field before and after. Focusable from script only: "Load more" moves the focus to
 * the first entry it brought.
 */
export function AuditEntryItem({ entry, showRecord, ref }: AuditEntryItemProps) {
  return (
    <li ref={ref} tabIndex={-1} className="audit-entry">
      <div className="audit-entry-head">
        <h2 className="audit-entry-title">{actionText(entry.action)}</h2>
        <Badge>{kindText(entry.kind)}</Badge>
      </div>
      {showRecord && (
        <p className="audit-record">
          <span className="audit-record-kind">{RECORD_WORDS[entry.chainKind]}</span> {entry.subject}
        </p>
      )}
      <p className="audit-meta">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        <span aria-hidden="true"> · </span>
        <span className="ui-visually-hidden">, </span>
        {actorText(entry)}
      </p>
      {entry.changes.length > 0 && (
        <ul className="audit-changes" aria-label="Changes">
          {entry.changes.map((change, index) => (
            <ChangeLine key={index} change={change} />
          ))}
        </ul>
      )}
    </li>
  );
}
