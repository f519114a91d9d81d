import { config } from '../../lib/config';
import { cognitoAccounts } from './account-cognito';
import { localAccounts } from './account-local';
import type { AccountPort } from './account-port';

/** Chosen by `IDENTITY_ADAPTER` like the other identity ports (`cognito` in AWS, `local` on one machine). */
export function accountPort(): AccountPort {
  return config.identityAdapter === 'local' ? localAccounts : cognitoAccounts;
}
