import type { AuthContext } from '../session/resolve-session';

/** SPEC.md sections 4 and 6: only users who can manage everything set or clear the System Form flag. Its own file so readers (the History's) need not bundle the form contracts. */
export const mayManageSystemForms = (auth: Pick<AuthContext, 'ability'>) => auth.ability.can('manage', 'all');
