/**
 * Whether this test file's table gets a stream. Off unless asked for: DynamoDB Local keeps every
 * stream record of the run (deleted tables' too) and each write to a table with a stream costs
 * more the more records it holds, so a run where every file streamed slowed to a crawl
 * (docs/benchmarks.md, "DynamoDB Local and streams"). Importing ./settle asks for it.
 */
let wanted = false;

/** Call at a test file's top level (before its hooks run) when something reads the table's stream. */
export function useTableStream(): void {
  wanted = true;
}

export function tableStreamWanted(): boolean {
  return wanted;
}
