import type { ExportFormat } from '@shared/schemas/table-export';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import type { UserPageQuery } from './users-api';

/** The users table as a file, with the filters, search and order on screen. */
export const exportUsers = (format: ExportFormat, query: UserPageQuery | undefined) =>
  call(routes.user.getUsersByCurrentUserExport, { body: { format, conditions: query?.where, orderBy: query?.orderBy } });
