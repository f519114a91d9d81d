import { useState, type Key, type ReactNode } from 'react';
import { Button as AriaButton, ComboBox, Input, ListBox, ListBoxItem } from 'react-aria-components';
import { cx } from './classNames';
import { FieldDescription, FieldErrorText, FieldLabel } from './Field';
import { Popover } from './Popover';
import { useDebouncedOptions, type DebouncedOptions } from './useDebouncedOptions';
import './SearchableSelect.css';

export { SEARCH_DEBOUNCE_MS, LOADING_PLACEHOLDER_DELAY_MS } from './useDebouncedOptions';

export interface SelectOption {
  id: string;
  label: string;
  description?: string;
}

export interface SearchableSelectProps<T extends SelectOption> {
  label: ReactNode;
  /** Fetches the options matching the typed text (called after the 300 ms debounce). */
  loadOptions: (text: string) => Promise<T[]>;
  value: T | null;
  onChange: (value: T | null) => void;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
  /** What the list says when there is nothing to pick at all (no text typed, no options): 'No options found.' unless given. */
  emptyMessage?: string;
}

function sameOption(a: SelectOption | null, b: SelectOption | null) {
  return a?.id === b?.id && a?.label === b?.label;
}

/** What the open list says when it has no options to show (SPEC.md section 2 texts). */
function listMessage(options: DebouncedOptions<unknown>, emptyMessage: string | undefined): string | null {
  if (options.isSlow) return 'Loading options...';
  if (options.status === 'done') return emptyMessage && options.lastQuery?.trim() === '' ? emptyMessage : 'No options found.';
  if (options.status === 'error') return options.errorMessage ?? 'Options could not be loaded.';
  return null;
}

/**
 * A searchable drop-down over server data. Typing searches after 300 ms; the list says
 * 'Loading options...' only when a load lasts over 300 ms, and 'No options found.' when empty
 * (or `emptyMessage` when nothing at all can be picked).
 */
export function SearchableSelect<T extends SelectOption>({
  label,
  loadOptions,
  value,
  onChange,
  placeholder,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  name,
  className,
  emptyMessage,
}: SearchableSelectProps<T>) {
  const options = useDebouncedOptions(loadOptions);
  const [inputValue, setInputValue] = useState(value?.label ?? '');
  const [shownValue, setShownValue] = useState(value);

  // A new value from the owner replaces whatever is typed.
  if (!sameOption(value, shownValue)) {
    setShownValue(value);
    setInputValue(value?.label ?? '');
  }

  function handleInputChange(text: string) {
    setInputValue(text);
    if (text === '' && value) onChange(null);
    options.search(text);
  }

  // Both the text and the selection are controlled, so react-aria asks us to settle the text
  // on selection, on blur and on Escape.
  function handleSelectionChange(key: Key | null) {
    if (key == null) {
      setInputValue('');
      if (value) onChange(null);
      return;
    }
    const option = options.items.find((item) => item.id === key) ?? (value?.id === key ? value : null);
    if (!option) return;
    options.settle();
    setInputValue(option.label);
    if (option.id !== value?.id) onChange(option);
  }

  function handleOpenChange(isOpen: boolean, trigger?: string) {
    if (!isOpen || trigger !== 'manual') return;
    // Opened with the button or Arrow Down: show everything when the text is just the current choice.
    const query = value && inputValue === value.label ? '' : inputValue;
    if (options.lastQuery !== query || options.status === 'error') options.loadNow(query);
  }

  const message = listMessage(options, emptyMessage);

  return (
    <ComboBox
      items={options.items}
      inputValue={inputValue}
      onInputChange={handleInputChange}
      selectedKey={value?.id ?? null}
      onSelectionChange={handleSelectionChange}
      onOpenChange={handleOpenChange}
      allowsEmptyCollection
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
      className={cx('ui-field', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className="ui-select-control">
        <Input className="ui-input" placeholder={placeholder} />
        <AriaButton className="ui-select-toggle">
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </AriaButton>
      </div>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <Popover className="ui-select-popover" placement="bottom start">
        {options.isSlow && options.items.length > 0 && (
          <div className="ui-select-message" role="status">
            Loading options...
          </div>
        )}
        <ListBox<T>
          className="ui-select-list"
          renderEmptyState={() => (message ? <div className="ui-select-message">{message}</div> : null)}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="ui-select-option">
              <span>{item.label}</span>
              {item.description && <span className="ui-select-option-description">{item.description}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
