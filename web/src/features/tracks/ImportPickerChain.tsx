import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { SelectOption } from '../../components/ui';
import { PickerField } from '../../lib/forms/PickerField';
import { conferenceOptions, NO_TEMPLATES_MESSAGE, phaseOptions, stepOptions, trackOptions } from './track-api';

/** The chain's levels, in order: each lists the choices under the level before it. */
const LEVELS = [
  { field: 'conferenceId', label: 'Conference', load: (_parent: string, text: string) => conferenceOptions(text, true) },
  { field: 'trackTemplateId', label: 'Track Template', load: trackOptions },
  { field: 'phaseId', label: 'Phase', load: phaseOptions },
  { field: 'stepId', label: 'Step', load: stepOptions },
] as const;

export type ImportPickerField = (typeof LEVELS)[number]['field'];

export interface ImportPickerChainProps {
  /** A form holding the chain's ids ('' until picked), each 'Required' by its schema. */
  form: UseFormReturn<any>;
  /** 3: Conference to Phase (phase import); 4: down to Step (step import). */
  depth: 3 | 4;
}

/**
 * The import pickers (SPEC.md section 2): Conference (with 'System'), then Track Template, then
 * Phase, then Step; each choice resets the later ones, whose lists follow the new choice. A level
 * waits for the one above; one with nothing under that choice says 'No Available Templates'.
 */
export function ImportPickerChain({ form, depth }: ImportPickerChainProps) {
  const levels = LEVELS.slice(0, depth);
  const [picked, setPicked] = useState<Array<SelectOption | null>>(() => levels.map(() => null));
  // Bumped for the later levels at every choice, so their pickers start over even when the same choice is made again.
  const [generation, setGeneration] = useState<number[]>(() => levels.map(() => 0));
  const values = form.watch() as Partial<Record<ImportPickerField, string>>;
  const pick = (index: number) => (option: SelectOption | null) => {
    setPicked((current) => current.map((value, i) => (i === index ? option : i > index ? null : value)));
    setGeneration((current) => current.map((count, i) => (i > index ? count + 1 : count)));
    for (const later of levels.slice(index + 1)) form.setValue(later.field, '');
  };
  return (
    <>
      {levels.map((level, index) => {
        const parent = index === 0 ? '' : (values[levels[index - 1].field] ?? '');
        return (
          <PickerField
            // A new choice above is a new list: the picker starts over.
            key={`${level.field}-${generation[index]}`}
            control={form.control}
            name={level.field}
            label={level.label}
            value={picked[index]}
            onPick={pick(index)}
            loadOptions={(text) => (index === 0 || parent ? level.load(parent, text) : Promise.resolve([]))}
            isDisabled={index > 0 && !parent}
            emptyMessage={index > 0 ? NO_TEMPLATES_MESSAGE : undefined}
          />
        );
      })}
    </>
  );
}
