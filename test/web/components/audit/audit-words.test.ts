import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_WORDS, actionText } from '../../../../web/src/components/audit/audit-words';

/** Every action docs/security.md's audit tables list (the first column of tables headed `| action |`). */
function documentedActions(): string[] {
  const text = readFileSync(join(__dirname, '../../../../docs/security.md'), 'utf8');
  const rows: string[] = [];
  let inAuditTable = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) inAuditTable = false;
    else if (/^\| action \|/.test(line)) inAuditTable = true;
    else if (inAuditTable) rows.push(line);
  }
  const actions = rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([a-z]+(?:\.[a-zA-Z-]+)+)`/g)].map((match) => match[1]));
  return [...new Set(actions)];
}

describe('the audit trail in words', () => {
  it('words every documented action for a person, not its id', () => {
    const actions = documentedActions();
    expect(actions.length).toBeGreaterThan(60);
    expect(actions.filter((action) => !ACTION_WORDS[action])).toEqual([]);
  });

  it('reads an action it does not know from its id, so a new one never breaks the page', () => {
    expect(actionText('track.phase.added')).toBe('Track phase added');
    expect(actionText('user.role.assigned')).toBe('Role assigned');
  });
});
