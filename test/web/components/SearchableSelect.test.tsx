import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_PLACEHOLDER_DELAY_MS, SEARCH_DEBOUNCE_MS, SearchableSelect, type SelectOption } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';
import { cssDeclarations } from './cssRule';

const people: SelectOption[] = [
  { id: 'u1', label: 'Ann Baker' },
  { id: 'u2', label: 'Bob Carter' },
  { id: 'u3', label: 'Cleo Diaz' },
];

function filterPeople(text: string) {
  return people.filter((person) => person.label.toLowerCase().includes(text.toLowerCase()));
}

function Harness({ loadOptions, onChange = () => {}, clearable = false }: { loadOptions: (text: string) => Promise<SelectOption[]>; onChange?: (value: SelectOption | null) => void; clearable?: boolean }) {
  const [value, setValue] = useState<SelectOption | null>(null);
  return (
    <>
      <SearchableSelect
        label="Advisor"
        loadOptions={loadOptions}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      {/* As a form's reset after a save: the owner clears the choice. */}
      {clearable && (
        <button type="button" onClick={() => setValue(null)}>
          Clear
        </button>
      )}
    </>
  );
}

/** A promise the test settles by hand, to hold a load open. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers();
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SearchableSelect', () => {
  it('debounces typing by 300 ms and searches once with the final text', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const loadOptions = vi.fn(async (text: string) => filterPeople(text));
    render(<Harness loadOptions={loadOptions} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'an');
    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(loadOptions).not.toHaveBeenCalled();
    await advance(1);
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect(loadOptions).toHaveBeenCalledWith('an');
    expect(screen.getByRole('option', { name: 'Ann Baker' })).toBeTruthy();
  });

  it('keeps a choice made from the list shown while a newer search waits: its late answer neither reopens the list nor changes it', async () => {
    const loadOptions = vi.fn(async (text: string) => filterPeople(text));
    render(<Harness loadOptions={loadOptions} />);
    const box = screen.getByRole('combobox', { name: 'Advisor' });
    await user.type(box, 'a');
    await advance(SEARCH_DEBOUNCE_MS);
    // More typing starts a new search; the list still shows the first answer, and a person picks from it at once.
    await user.type(box, 'n');
    await user.click(screen.getByRole('option', { name: 'Ann Baker' }));
    await advance(SEARCH_DEBOUNCE_MS * 3);
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('Ann Baker');
  });

  it('after the owner clears a choice, picking again from the list still shown closes it for good', async () => {
    const loadOptions = vi.fn(async (text: string) => filterPeople(text));
    render(<Harness loadOptions={loadOptions} clearable />);
    const box = screen.getByRole('combobox', { name: 'Advisor' });
    await user.type(box, 'an');
    await advance(SEARCH_DEBOUNCE_MS);
    await user.click(screen.getByRole('option', { name: 'Ann Baker' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect((box as HTMLInputElement).value).toBe('');
    await user.type(box, 'a');
    await user.click(screen.getByRole('option', { name: 'Ann Baker' }));
    await advance(SEARCH_DEBOUNCE_MS * 3);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect((box as HTMLInputElement).value).toBe('Ann Baker');
  });

  it("says 'Loading options...' only after loading has lasted 300 ms", async () => {
    expect(LOADING_PLACEHOLDER_DELAY_MS).toBe(300);
    const pending = deferred<SelectOption[]>();
    render(<Harness loadOptions={() => pending.promise} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'b');
    await advance(SEARCH_DEBOUNCE_MS); // the load starts now
    expect(screen.queryByText('Loading options...')).toBeNull();
    await advance(LOADING_PLACEHOLDER_DELAY_MS - 1);
    expect(screen.queryByText('Loading options...')).toBeNull();
    await advance(1);
    expect(screen.getByText('Loading options...')).toBeTruthy();
    await act(async () => pending.resolve([people[1]]));
    expect(screen.queryByText('Loading options...')).toBeNull();
    expect(screen.getByRole('option', { name: 'Bob Carter' })).toBeTruthy();
  });

  it('never shows the loading text for a quick answer', async () => {
    render(<Harness loadOptions={async (text) => filterPeople(text)} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'c');
    await advance(SEARCH_DEBOUNCE_MS + LOADING_PLACEHOLDER_DELAY_MS * 2);
    expect(screen.queryByText('Loading options...')).toBeNull();
  });

  it("says 'No options found.' when nothing matches", async () => {
    render(<Harness loadOptions={async (text) => filterPeople(text)} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'zzz');
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('No options found.')).toBeTruthy();
    expect(screen.queryAllByRole('option', { name: /Baker|Carter|Diaz/ })).toHaveLength(0);
  });

  it('ignores a slow answer to an older query', async () => {
    const first = deferred<SelectOption[]>();
    const loadOptions = vi.fn((text: string) => (text === 'a' ? first.promise : Promise.resolve(filterPeople(text))));
    render(<Harness loadOptions={loadOptions} />);
    const input = screen.getByRole('combobox', { name: 'Advisor' });
    await user.type(input, 'a');
    await advance(SEARCH_DEBOUNCE_MS);
    await user.type(input, 'n');
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByRole('option', { name: 'Ann Baker' })).toBeTruthy();
    await act(async () => first.resolve(people));
    expect(screen.queryByRole('option', { name: 'Bob Carter' })).toBeNull();
  });

  it('keyboard: type, Arrow Down, Enter selects and fills the box', async () => {
    const onChange = vi.fn();
    render(<Harness loadOptions={async (text) => filterPeople(text)} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Advisor' }) as HTMLInputElement;
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('o');
    await advance(SEARCH_DEBOUNCE_MS);
    // 'o' matches Bob Carter and Cleo Diaz: the first Arrow Down focuses Bob, the second Cleo.
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(people[2]);
    expect(input.value).toBe('Cleo Diaz');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Escape closes the list', async () => {
    render(<Harness loadOptions={async (text) => filterPeople(text)} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'a');
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('the toggle button opens the full list at once', async () => {
    const loadOptions = vi.fn(async (text: string) => filterPeople(text));
    render(<Harness loadOptions={loadOptions} />);
    await user.click(screen.getByRole('button'));
    await advance(0);
    expect(loadOptions).toHaveBeenCalledWith('');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it("says its emptyMessage when there is nothing to pick at all, and 'No options found.' when a text matches nothing", async () => {
    render(<SearchableSelect label="Phase" emptyMessage="No Available Templates" value={null} onChange={() => {}} loadOptions={async () => []} />);
    await user.click(screen.getByRole('button'));
    await advance(0);
    expect(screen.getByRole('listbox').textContent).toBe('No Available Templates');
    await user.type(screen.getByRole('combobox', { name: 'Phase' }), 'x');
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByRole('listbox').textContent).toBe('No options found.');
  });

  it('clearing the text clears the value', async () => {
    const onChange = vi.fn();
    render(<Harness loadOptions={async (text) => filterPeople(text)} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Advisor' });
    await user.type(input, 'cleo');
    await advance(SEARCH_DEBOUNCE_MS);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(people[2]);
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('limits the list to 20rem high (SPEC.md section 9)', () => {
    expect(cssDeclarations('SearchableSelect.css', '.ui-select-list')).toMatch(/max-height:\s*20rem/);
  });

  it('has no axe violations with the list open', async () => {
    const { container } = render(<Harness loadOptions={async (text) => filterPeople(text)} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'a');
    await advance(SEARCH_DEBOUNCE_MS);
    vi.useRealTimers();
    await expectNoAxeViolations(container);
    // The list is portaled to the end of <body>, outside the field.
    await expectNoAxeViolations(document.querySelector('.ui-select-popover')!);
  });
});
