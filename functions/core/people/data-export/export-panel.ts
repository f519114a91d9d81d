import { HttpError } from '../../../lib/errors';

/** A panel's read: its value, or null when the requester may not read it (403/404 from its rule). */
export async function panel<T>(read: () => Promise<T>, name: string, withheld: string[]): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && (error.status === 403 || error.status === 404)) {
      withheld.push(name);
      return null;
    }
    throw error;
  }
}
