import { fileURLToPath } from 'node:url';

/** `.data/` at the project root, whatever the current directory (git ignores it). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data', import.meta.url));
