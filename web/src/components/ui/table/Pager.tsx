import { Button } from '../Button';
import { cx } from '../classNames';
import { pagerItems, rangeText } from './pager';
import { PAGE_SIZES } from './tableState';

export interface PagerProps {
  pageIndex: number;
  pageSize: number;
  count: number;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Rows-per-page choice, the 'n-m of total' text, and previous / page numbers / next. */
export function Pager({ pageIndex, pageSize, count, onPageChange, onPageSizeChange }: PagerProps) {
  const pageCount = Math.ceil(count / pageSize);
  return (
    <div className="ui-table-footer">
      <label className="ui-table-page-size">
        Rows per page
        <select value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="ui-table-range" aria-live="polite">
        {rangeText(pageIndex, pageSize, count)}
      </span>
      <nav aria-label="Pagination" className="ui-pager">
        <Button variant="ghost" size="small" isDisabled={pageIndex <= 0} onPress={() => onPageChange(pageIndex - 1)}>
          Previous
        </Button>
        {pagerItems(pageIndex, pageCount).map((item, position) =>
          item === 'ellipsis' ? (
            <span key={`gap-${position}`} className="ui-pager-gap" aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={item}
              variant="ghost"
              size="small"
              className={cx('ui-pager-page', item === pageIndex && 'ui-pager-current')}
              aria-label={`Page ${item + 1}`}
              aria-current={item === pageIndex ? 'page' : undefined}
              onPress={() => onPageChange(item)}
            >
              {item + 1}
            </Button>
          ),
        )}
        <Button variant="ghost" size="small" isDisabled={pageIndex >= pageCount - 1} onPress={() => onPageChange(pageIndex + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}
