/** What one package (or one of our top folders) weighs in a minified bundle. */
export interface PackageShare {
  name: string;
  bytes: number;
}

/**
 * `node_modules/@aws-sdk/client-s3/dist-es/x.js` counts for `@aws-sdk/client-s3`; the innermost
 * node_modules wins, so a nested copy counts under its own name (a second copy shows up twice in
 * a bundle's list). Our own files count under their top folder (`functions`, `shared`); inputs a
 * plugin replaced (`electrodb-commands:…`) under the plugin's namespace.
 */
export function packageOf(input: string): string {
  const namespace = /^([a-z-]+):/.exec(input);
  if (namespace) return `(${namespace[1]})`;
  const parts = input.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return parts.length > 1 ? `${parts[0]}/` : input;
  const first = parts[at + 1];
  return first.startsWith('@') ? `${first}/${parts[at + 2]}` : first;
}

/** Sums an esbuild metafile output's `inputs` by package, largest first. */
export function packageShares(inputs: Record<string, { bytesInOutput: number }>): PackageShare[] {
  const totals = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name = packageOf(input);
    totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
  }
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
