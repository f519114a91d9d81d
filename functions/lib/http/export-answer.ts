import type { ExportAnswer } from '../../../shared/schemas/table-export';
import { RouteResult } from './result';

/** An export's answer: a small file as is (200), a large export's job as a started job (202). */
export function exportAnswer(answer: ExportAnswer): ExportAnswer | RouteResult<ExportAnswer> {
  return answer.kind === 'job' ? new RouteResult(answer, { status: 202 }) : answer;
}
