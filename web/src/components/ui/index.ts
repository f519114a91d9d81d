/**
 * The design system (ARCHITECTURE.md section 10): react-aria-components wrapped in one visual
 * language. Heavy widgets are not here; import them from './lazy'.
 */
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Spinner, SpinnerGlyph, type SpinnerProps } from './Spinner';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { LoadingState, type LoadingStateProps } from './LoadingState';
export { Skeleton, SkeletonBar, type SkeletonProps } from './Skeleton';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Alert, type AlertProps, type AlertTone } from './Alert';
export { Badge, type BadgeTone } from './Badge';
export { Link, type LinkProps } from './Link';
export { ToastProvider, ToastFrame, useToast, TOAST_TIMEOUT_MS, type LiveToastRender, type ToastApi, type ToastFrameProps, type ToastOptions } from './Toast';

export { TextField, type TextFieldProps } from './TextField';
export { TextArea, counterText, type TextAreaProps } from './TextArea';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { SelectField, type SelectFieldOption, type SelectFieldProps } from './SelectField';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './RadioGroup';
export {
  SearchableSelect,
  SEARCH_DEBOUNCE_MS,
  LOADING_PLACEHOLDER_DELAY_MS,
  type SearchableSelectProps,
  type SelectOption,
} from './SearchableSelect';
export { DatePicker, type DatePickerProps } from './DatePicker';
export { TimePicker, toHhMm, type TimePickerProps } from './TimePicker';
export { DATE_MAX, toIsoDate, formatDate, formatDateTime } from './date';

export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { Menu, MenuButton, type MenuButtonProps, type MenuItemSpec, type MenuProps } from './Menu';
export { Popover, DropdownPopover, type DropdownPopoverProps, type PopoverProps } from './Popover';

export { Modal, MODAL_CLOSE_MS, type ModalProps } from './Modal';
export { ModalWithFooterSlot, ModalFooter, type ModalWithFooterSlotProps } from './ModalWithFooterSlot';
export { cancelAndSubmit, type CancelAndSubmitOptions } from './cancelAndSubmit';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { CollapsibleSection, SECTION_EXPAND_MS, SECTION_COLLAPSE_MS, type CollapsibleSectionProps } from './CollapsibleSection';

export { UPLOAD_KINDS, isAcceptedFileName, type UploadKind } from './uploadKinds';
export { AVATAR_SIZE, AVATAR_ZOOM_MIN, AVATAR_ZOOM_MAX, AVATAR_ZOOM_STEP } from './cropImage';

export { DataTable, type DataTableProps } from './table/DataTable';
export { pagerItems, rangeText, PAGER_SHOW_ALL_BELOW, type PagerItem } from './table/pager';
export {
  useServerTableState,
  DEFAULT_TABLE_STATE,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  FILTER_DEBOUNCE_MS,
  type ServerTableState,
} from './table/tableState';
