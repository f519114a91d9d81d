import { SPAN_MAX, SPAN_MIN } from './form-definition';

/** SPEC.md section 9: a field's span grows by one, and below 1 it halves (or doubles back). */
export function widerSpan(span = 1): number {
  return Math.min(SPAN_MAX, span < 1 ? span * 2 : span + 1);
}

export function narrowerSpan(span = 1): number {
  return Math.max(SPAN_MIN, span <= 1 ? span / 2 : span - 1);
}
