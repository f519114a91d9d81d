import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A string path: under jsdom the global URL is jsdom's, which does not resolve file: URLs.
const componentsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/src/components/ui');

/**
 * The declarations of one selector in a component stylesheet. jsdom does not apply our CSS,
 * so sizes fixed by SPEC.md section 9 are checked in the stylesheet itself.
 */
export function cssDeclarations(cssFile: string, selector: string): string {
  const css = readFileSync(resolve(componentsDir, cssFile), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[}\\s,])${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css);
  if (!match) throw new Error(`${selector} not found in ${cssFile}`);
  return match[1];
}
