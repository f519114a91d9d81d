import { isConditionFailure } from './versioned';

/** A copy refreshed on an item that may have been deleted meanwhile: gone is fine, nothing to refresh. */
export async function setIfPresent(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
