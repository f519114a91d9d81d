import type { InterviewPage } from '../../../shared/schemas/panel-interview';
import type { Caller } from '../step-work/step-load';
import { loadInterview } from './interview-load';
import { interviewPage } from './interview-view';

/** `GET .../interview`: the interview as the caller may see it (403 before anything for those who may not see the step). */
export async function readInterview(auth: Caller, actionInstanceId: string): Promise<InterviewPage> {
  return interviewPage(auth, await loadInterview(auth, actionInstanceId));
}
