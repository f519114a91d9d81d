import { readFile } from 'node:fs/promises';

/** The records of a JSON-lines file the local runtime appends to (none when it is missing), in file order. */
export async function readJsonLines<T>(file: string): Promise<T[]> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const records: T[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      records.push(JSON.parse(line) as T);
    } catch {
      // a line cut short by a crash: skip it
    }
  }
  return records;
}
