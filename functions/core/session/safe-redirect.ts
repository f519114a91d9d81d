/**
 * Where the browser may be sent after signing in: a path of the app's own origin, else `/`.
 * Browsers drop tab, CR and LF anywhere in a URL and read `\` as `/`, so `/\t/evil.example`
 * or `/\evil.example` would become `//evil.example`, another site: such characters are
 * refused outright, and whatever is left must still resolve to the app's origin.
 */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
const MAX_LENGTH = 2048;

export function safeAppPath(candidate: string | undefined, appUrl: string): string {
  if (!candidate || candidate.length > MAX_LENGTH || UNSAFE_CHARACTERS.test(candidate)) return '/';
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(candidate, appUrl);
  } catch {
    return '/';
  }
  if (resolved.origin !== new URL(appUrl).origin) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The absolute address of an app path (after `safeAppPath`). */
export function appAddress(path: string, appUrl: string): string {
  return new URL(safeAppPath(path, appUrl), appUrl).toString();
}
