import { performance } from 'node:perf_hooks';
import { answersSchema } from '../../shared/forms/answer-schema';
import type { FormContent, FormField } from '../../shared/forms/form-definition';

/**
 * `tsx bin/bench/form-validation.ts`: the runner's cost per keystroke on a form of 200
 * fields (issue 11's budget): the validator is built once per version, then every change
 * validates all answers. Prints the build time and the median and p99 of a validation.
 */
const TYPES: Array<[FormField['type'], FormField['properties']]> = [
  ['Text', { required: true, maxLength: 120 }],
  ['TextArea', { maxLength: 2000 }],
  ['Number', { min: 0, max: 100 }],
  ['PhoneNumber', { required: true }],
  ['Date', {}],
  ['Select', { options: ['A', 'B', 'C'] }],
  ['Checkbox', { options: ['X', 'Y'] }],
  ['LinkEntry', {}],
];
const FIELDS = 200;
const RUNS = 2000;

const fields: FormField[] = Array.from({ length: FIELDS }, (_, i) => ({ id: `f${i}`, name: `Field ${i}`, type: TYPES[i % TYPES.length][0], properties: TYPES[i % TYPES.length][1] }));
const content: FormContent = { fields, layout: fields.map((field) => ({ id: `c-${field.id}`, fieldId: field.id })) };
const answers: Record<string, unknown> = {};
fields.forEach((field, i) => {
  answers[field.id] = { Text: 'Jane Doe', TextArea: 'Some words', Number: 42, PhoneNumber: '555-123-4567', Date: '2024-05-01', Select: 'B', Checkbox: ['X'], LinkEntry: 'https://example.org' }[field.type as string] ?? `value ${i}`;
});

const built = performance.now();
const schema = answersSchema(content);
const buildMs = performance.now() - built;
const times: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  answers.f0 = `Jane Doe ${run}`; // a keystroke
  const started = performance.now();
  schema.safeParse(answers);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
console.log(`${FIELDS} fields: validator built in ${buildMs.toFixed(2)} ms; one validation median ${at(0.5)} ms, p99 ${at(0.99)} ms (${RUNS} runs)`);
