import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { FormField } from '@shared/forms/form-definition';
import { cleanOptions } from '@shared/forms/answer-schema';
import { Checkbox, DatePicker, Link, RadioGroup, TextArea, TextField, TimePicker } from '../ui';
import { counterText } from '../ui/TextArea';
import { ListInput } from './ListInput';
import { RichTextView } from '../rich-text/RichTextView';
import { FileUpload } from '../files/FileUpload';
import type { FileRef } from '../../lib/files/upload-file';
import { useRunnerFiles } from './runner-files';

export const NO_VALUE = 'No Value Provided';

interface FieldInputProps {
  field: FormField;
  /** The answer's path in the form values: the field id, or `list.0.fieldId` inside a list item. */
  name: string;
  isReadOnly: boolean;
}

/** Fields that only show something: heading, separator, link, paragraph (sanitised HTML). */
export function DisplayField({ field }: { field: FormField }) {
  switch (field.type) {
    case 'Heading':
      return <h2 className="forms-heading">{field.name}</h2>;
    case 'Separator':
      return <hr className="forms-separator" />;
    case 'Link':
      return field.properties.link ? <Link href={field.properties.link} target="_blank" rel="noreferrer">{field.name || field.properties.link}</Link> : <span>{field.name}</span>;
    case 'Paragraph':
      return <RichTextView className="forms-paragraph" html={field.properties.paragraph ?? ''} />;
    default:
      return null;
  }
}

/** One answering field of the runner, bound to react-hook-form by its path. */
export function FieldInput({ field, name, isReadOnly }: FieldInputProps) {
  const { control } = useFormContext();
  const { required = false, placeholder, instructions, maxLength } = field.properties;
  const label = field.name || field.type;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound, fieldState }) => {
        const errorMessage = fieldState.error?.message;
        const text = typeof bound.value === 'string' ? bound.value : bound.value === undefined || bound.value === null ? '' : String(bound.value);
        const common = { label, description: instructions, errorMessage, isRequired: required, isDisabled: isReadOnly };
        switch (field.type) {
          case 'TextArea':
            return <TextArea {...common} placeholder={placeholder} maxLength={maxLength} value={text} onChange={bound.onChange} onBlur={bound.onBlur} rows={4} />;
          case 'Date':
            return <DatePicker {...common} value={text || null} onChange={(value) => bound.onChange(value ?? '')} />;
          case 'Time':
            return <TimePicker {...common} value={text || null} onChange={(value) => bound.onChange(value ?? '')} />;
          case 'Radio':
            return <RadioGroup {...common} value={text || null} onChange={bound.onChange} options={cleanOptions(field.properties.options).map((option) => ({ value: option, label: option }))} />;
          case 'Select':
            return <SelectInput {...common} name={name} value={text} onChange={bound.onChange} options={cleanOptions(field.properties.options)} placeholder={placeholder} />;
          case 'Checkbox':
            return <CheckboxInput {...common} value={bound.value} onChange={bound.onChange} options={cleanOptions(field.properties.options)} />;
          case 'List':
            return <ListInput field={field} name={name} isReadOnly={isReadOnly} errorMessage={errorMessage} />;
          case 'File':
            return <FileAnswerInput field={field} label={label} value={bound.value} onChange={bound.onChange} errorMessage={errorMessage} isReadOnly={isReadOnly} />;
          case 'LinkEntry':
            if (isReadOnly) {
              return (
                <div>
                  <Caption>{label}</Caption>
                  {text ? <Link href={text} target="_blank" rel="noreferrer">{text}</Link> : <p className="forms-muted">{NO_VALUE}</p>}
                </div>
              );
            }
            return <TextField {...common} type="url" placeholder={placeholder} value={text} onChange={bound.onChange} onBlur={bound.onBlur} />;
          default: {
            const counter = maxLength ? counterText(text.length, maxLength) : undefined;
            const description = [instructions, counter].filter(Boolean).join(' · ') || undefined;
            const type = field.type === 'Number' ? 'number' : field.type === 'PhoneNumber' ? 'tel' : 'text';
            return <TextField {...common} description={description} type={type} placeholder={placeholder} maxLength={maxLength} value={text} onChange={bound.onChange} onBlur={bound.onBlur} />;
          }
        }
      }}
    />
  );
}

/** A File field (SPEC.md section 3: name, multiple, type, instructions): uploads as files are picked. */
function FileAnswerInput({ field, label, value, onChange, errorMessage, isReadOnly }: { field: FormField; label: string; value: unknown; onChange: (files: FileRef[]) => void; errorMessage?: string; isReadOnly: boolean }) {
  const files = useRunnerFiles();
  const { required = false, instructions, multiple = false, type = 'Any', name } = field.properties;
  const upload = useMemo(() => files.uploaderFor(field.id), [files, field.id]);
  return (
    <FileUpload
      label={name ? `${label}: ${name}` : label}
      upload={upload}
      value={Array.isArray(value) ? (value as FileRef[]) : []}
      onChange={onChange}
      kind={type}
      multiple={multiple}
      instructions={instructions}
      isRequired={required}
      isDisabled={isReadOnly}
      errorMessage={errorMessage}
      download={files.download}
    />
  );
}

/** A field's name over something that is not an input (a file box, a read-only link). */
function Caption({ children, isRequired }: { children: string; isRequired?: boolean }) {
  return (
    <div className="ui-field-label-row">
      <span className="ui-field-label">{children}</span>
      {isRequired && <span className="ui-required">* Required</span>}
    </div>
  );
}

interface ChoiceProps<V> {
  label: string;
  description?: string;
  errorMessage?: string;
  isRequired: boolean;
  isDisabled: boolean;
  value: V;
  onChange: (value: V) => void;
  options: string[];
}

function SelectInput({ label, description, errorMessage, isRequired, isDisabled, value, onChange, options, name, placeholder }: ChoiceProps<string> & { name: string; placeholder?: string }) {
  const id = `forms-select-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <div className="ui-field">
      <div className="ui-field-label-row">
        <label htmlFor={id} className="ui-field-label">{label}</label>
        {isRequired && <span className="ui-required" aria-hidden="true">* Required</span>}
      </div>
      <select id={id} className="ui-input" value={value} disabled={isDisabled} aria-required={isRequired} aria-invalid={Boolean(errorMessage)} aria-describedby={errorMessage ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder ?? 'Select...'}</option>
        {options.map((option) => (
          <option key={option} value={option}>{option}</option>
        ))}
      </select>
      {description && <p className="ui-field-description">{description}</p>}
      {errorMessage && <p id={`${id}-error`} className="ui-field-error">{errorMessage}</p>}
    </div>
  );
}

function CheckboxInput({ label, description, errorMessage, isRequired, isDisabled, value, onChange, options }: ChoiceProps<unknown>) {
  if (!options.length) {
    return (
      <div className="ui-field">
        <Checkbox isSelected={value === true} onChange={onChange} isDisabled={isDisabled} isRequired={isRequired}>
          {/* One run of text: '* Required' follows the words when they wrap, not a column of its own beside them. */}
          <span>
            {label}
            {isRequired && (
              <>
                {' '}
                <span className="ui-required forms-required-after">* Required</span>
              </>
            )}
          </span>
        </Checkbox>
        {description && <p className="ui-field-description">{description}</p>}
        {errorMessage && <p className="ui-field-error">{errorMessage}</p>}
      </div>
    );
  }
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset className="forms-choices">
      <legend className="ui-field-label">
        {label}
        {isRequired && <span className="ui-required"> * Required</span>}
      </legend>
      {options.map((option) => (
        <Checkbox key={option} isDisabled={isDisabled} isSelected={chosen.includes(option)} onChange={(on) => onChange(on ? [...chosen, option] : chosen.filter((item) => item !== option))}>
          {option}
        </Checkbox>
      ))}
      {description && <p className="ui-field-description">{description}</p>}
      {errorMessage && <p className="ui-field-error">{errorMessage}</p>}
    </fieldset>
  );
}
