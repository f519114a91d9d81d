import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  DEFAULT_TABLE_STATE,
  FILTER_DEBOUNCE_MS,
  useServerTableState,
  type ServerTableState,
} from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

const people: Person[] = Array.from({ length: 10 }, (_, index) => ({
  id: `p${index + 1}`,
  firstName: `First${index + 1}`,
  lastName: `Last${index + 1}`,
  email: `person${index + 1}@example.org`,
}));

const columns: ColumnDef<Person, any>[] = [
  { accessorKey: 'firstName', header: 'First Name', meta: { filterable: true } },
  { accessorKey: 'lastName', header: 'Last Name', meta: { filterable: true } },
  { accessorKey: 'email', header: 'Email', enableSorting: false },
];

interface HarnessProps {
  data?: Person[];
  count?: number;
  isLoading?: boolean;
  initial?: Partial<ServerTableState>;
  onStateChange?: (state: ServerTableState) => void;
  selectable?: boolean;
  onSelection?: (selection: RowSelectionState) => void;
  emptyState?: string;
}

function Harness({ data = people, count = 200, isLoading = false, initial, onStateChange, selectable, onSelection, emptyState }: HarnessProps) {
  const [state, setState] = useServerTableState(initial);
  const [selection, setSelection] = useState<RowSelectionState>({});
  return (
    <DataTable<Person>
      aria-label="Advisors"
      columns={columns}
      data={data}
      count={count}
      isLoading={isLoading}
      state={state}
      emptyState={emptyState}
      getRowId={(row) => row.id}
      getRowLabel={(row) => `${row.firstName} ${row.lastName}`}
      onStateChange={(next) => {
        onStateChange?.(next);
        setState(next);
      }}
      {...(selectable
        ? {
            rowSelection: selection,
            onRowSelectionChange: (next: RowSelectionState) => {
              onSelection?.(next);
              setSelection(next);
            },
          }
        : {})}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

const pageSizeSelect = () => screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

describe('useServerTableState', () => {
  it('starts at page 0 with 10 rows, no sort and no filters', () => {
    expect(DEFAULT_TABLE_STATE).toEqual({ pageIndex: 0, pageSize: 10, sorting: [], globalFilter: '', columnFilters: [] });
  });
});

describe('DataTable', () => {
  it('renders the page rows under the column headers', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Advisors' });
    expect(within(table).getAllByRole('columnheader', { name: /First Name|Last Name|Email/ })).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'person3@example.org' })).toBeTruthy();
  });

  it('offers page sizes 10, 25 and 50 (default 10); a new size restarts at page 0', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<Harness initial={{ pageIndex: 3 }} onStateChange={onStateChange} />);
    expect(Array.from(pageSizeSelect().options).map((option) => option.value)).toEqual(['10', '25', '50']);
    expect(pageSizeSelect().value).toBe('10');
    await user.selectOptions(pageSizeSelect(), '25');
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ pageSize: 25, pageIndex: 0 }));
  });

  it("shows 'n-m of total' and pages with previous, numbers and next", async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<Harness onStateChange={onStateChange} />);
    expect(screen.getByText('1-10 of 200')).toBeTruthy();
    const nav = pagination();
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    // 20 pages at the start: 1, 2, ..., 20
    expect(within(nav).getAllByRole('button', { name: /^Page/ }).map((button) => button.textContent)).toEqual(['1', '2', '20']);
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 1 }));
    expect(screen.getByText('11-20 of 200')).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'Page 20' }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ pageIndex: 19 }));
    expect((within(nav).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sorts by a header: ascending, descending, then none, with aria-sort', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<Harness initial={{ pageIndex: 2 }} onStateChange={onStateChange} />);
    const header = screen.getByRole('columnheader', { name: /Last Name/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const sortButton = within(header).getByRole('button');
    await user.click(sortButton);
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ sorting: [{ id: 'lastName', desc: false }], pageIndex: 0 }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    sortButton.focus();
    await user.keyboard('{Enter}');
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ sorting: [{ id: 'lastName', desc: true }] }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await user.click(sortButton);
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ sorting: [] }));
  });

  it('columns that cannot sort have no sort button or aria-sort', () => {
    render(<Harness />);
    const email = screen.getByRole('columnheader', { name: 'Email' });
    expect(email.hasAttribute('aria-sort')).toBe(false);
    expect(within(email).queryByRole('button')).toBeNull();
  });

  it('sends the quick search 600 ms after the last keystroke, from page 0', async () => {
    expect(FILTER_DEBOUNCE_MS).toBe(600);
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onStateChange = vi.fn();
    render(<Harness initial={{ pageIndex: 4 }} onStateChange={onStateChange} />);
    const search = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await user.type(search, 'ann');
    expect(search.value).toBe('ann');
    await act(async () => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    expect(onStateChange).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(onStateChange).toHaveBeenCalledTimes(1);
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ globalFilter: 'ann', pageIndex: 0 }));
  });

  it('debounces the column filters 600 ms as well', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onStateChange = vi.fn();
    render(<Harness onStateChange={onStateChange} />);
    await user.type(screen.getByRole('searchbox', { name: 'Filter Last Name' }), 'Sm');
    await act(async () => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS / 2);
    });
    await user.type(screen.getByRole('searchbox', { name: 'Filter First Name' }), 'Jo');
    await act(async () => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    expect(onStateChange).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(onStateChange).toHaveBeenCalledTimes(1);
    expect(onStateChange.mock.calls[0][0].columnFilters).toEqual([
      { id: 'lastName', value: 'Sm' },
      { id: 'firstName', value: 'Jo' },
    ]);
    expect(screen.queryByRole('searchbox', { name: 'Filter Email' })).toBeNull();
  });

  it('keeps the rows and shows a spinner while loading', () => {
    render(<Harness isLoading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Loading table rows' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'person1@example.org' })).toBeTruthy();
  });

  it('while the first page loads, grey rows of the page size stand in and the pager waits (nothing moves when the rows come)', async () => {
    const { container } = render(
      <DataTable<Person> aria-label="Advisors" columns={columns} isLoading state={{ ...DEFAULT_TABLE_STATE, pageSize: 25 }} onStateChange={() => {}} />,
    );
    expect(container.querySelectorAll('tbody tr.ui-table-skeleton[aria-hidden="true"]')).toHaveLength(25);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading table rows' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('keeps the pager and no grey rows once a page has come', () => {
    const { container } = render(<Harness isLoading />);
    expect(container.querySelectorAll('tr.ui-table-skeleton')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it("shows 'No results' when empty, or the given empty state", () => {
    const { unmount } = render(<Harness data={[]} count={0} />);
    expect(screen.getByRole('cell', { name: 'No results' })).toBeTruthy();
    expect(screen.getByText('0-0 of 0')).toBeTruthy();
    unmount();
    render(<Harness data={[]} count={0} emptyState="No participants enrolled in track." />);
    expect(screen.getByText('No participants enrolled in track.')).toBeTruthy();
  });

  it('fails clearly when given neither data nor isLoading (SPEC.md section 8)', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(<DataTable aria-label="Broken" columns={columns} state={DEFAULT_TABLE_STATE} onStateChange={() => {}} />),
    ).toThrow('DataTable "Broken" was given neither data nor an isLoading flag.');
    spy.mockRestore();
  });

  it('selects rows with checkboxes, and the whole page from the header', async () => {
    const user = userEvent.setup();
    const onSelection = vi.fn();
    render(<Harness selectable onSelection={onSelection} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    expect(onSelection).toHaveBeenLastCalledWith({ p2: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(Object.keys(onSelection.mock.lastCall![0])).toHaveLength(10);
  });

  it('has no axe violations', async () => {
    const { container } = render(<Harness selectable isLoading />);
    await expectNoAxeViolations(container);
  });
});
