import { ForbiddenError, NotFoundError } from './errors';

/**
 * Items by id, in the order asked, through a single read that refuses (404, 403) what a list
 * leaves out: a list answers what the caller may read and says nothing about the rest.
 */
export async function readableList<T>(ids: readonly string[], readOne: (id: string) => Promise<T>): Promise<T[]> {
  const leftOut = (error: unknown) => {
    if (error instanceof NotFoundError || error instanceof ForbiddenError) return undefined;
    throw error;
  };
  const found: Array<T | undefined> = await Promise.all(ids.map((id) => readOne(id).then((item): T | undefined => item, leftOut)));
  return found.filter((item): item is T => item !== undefined);
}
