import * as z from 'zod';

/**
 * zod compiles fast object parsers with `new Function`, and probes for it when the first
 * object schema is made. The app's CSP (`script-src 'self'`, no 'unsafe-eval') refuses both, and
 * the browser reports the refused probe as a violation on every page even though zod catches it.
 * main.tsx imports this module first, so the setting holds before any schema exists.
 */
z.config({ jitless: true });
