import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../functions/db/client';
import { db } from '../../../functions/db/service';
import { transact } from '../../../functions/db/transact';
import { auditEntryWrite, chainIdOf, type AuditActor } from '../../../functions/core/records/audit-write';
import { sealAuditEntry } from '../../../functions/core/records/audit-seal';
import { chainHashOf, contentHashOf, GENESIS_HASH } from '../../../functions/core/records/audit-hash';
import { checkAudit } from '../../../bin/maintenance/audit-check';
import { settle } from '../../support/settle';

const actor: AuditActor = { actorId: 'user-ada', actorName: 'Ada Admin' };

async function audit(recordId: string, after: string) {
  await transact([
    auditEntryWrite({ actor, chain: 'User', recordId, action: 'user.profile.updated', kind: 'profile', subject: 'Pat Person', changes: [{ field: 'title', before: 'x', after }], scopeIds: ['j', 'ea', 'conf-a'] }),
  ]);
}

async function entriesOf(recordId: string) {
  const { data } = await db().entities.auditEntry.query.byChain({ chainId: chainIdOf('User', recordId) }).go({ consistent: true, limit: 100 });
  return data;
}

async function setField(entry: { chainId: string; entryId: string }, field: string, value: unknown) {
  const { Key, TableName } = db().entities.auditEntry.get(entry).params() as { Key: Record<string, string>; TableName: string };
  await documentClient().send(new UpdateCommand({ TableName, Key, UpdateExpression: 'SET #f = :v', ExpressionAttributeNames: { '#f': field }, ExpressionAttributeValues: { ':v': value } }));
}

describe('audit chains: the sealer and check:audit', () => {
  it('writes each entry unsealed with its content hash, then the stream seals them in order into one chain', async () => {
    for (const title of ['one', 'two', 'three']) await audit('chain-1', title);
    const unsealed = await entriesOf('chain-1');
    expect(unsealed.map((entry) => [entry.seq, entry.unsealedBucket, entry.auditScope])).toEqual([
      [undefined, 'unsealed', 'conf-a'],
      [undefined, 'unsealed', 'conf-a'],
      [undefined, 'unsealed', 'conf-a'],
    ]);
    for (const entry of unsealed) expect(entry.contentHash).toBe(contentHashOf(entry));

    await settle();

    const sealed = await entriesOf('chain-1');
    expect(sealed.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(sealed[0].prevHash).toBe(GENESIS_HASH);
    for (const [index, entry] of sealed.entries()) {
      expect(entry.unsealedBucket).toBeUndefined();
      expect(entry.chainHash).toBe(chainHashOf(entry.prevHash!, entry.contentHash));
      if (index > 0) expect(entry.prevHash).toBe(sealed[index - 1].chainHash);
    }
    const { data: head } = await db().entities.auditHead.get({ chainId: chainIdOf('User', 'chain-1') }).go();
    expect(head).toMatchObject({ seq: 3, lastEntryId: sealed[2].entryId, lastHash: sealed[2].chainHash });
  });

  it('is idempotent: a redelivered record changes nothing, and two sealers racing on one chain give each entry one place', async () => {
    await audit('chain-2', 'a');
    await audit('chain-2', 'b');
    const [first, second] = await entriesOf('chain-2');
    // Both records at once (two worker invocations), then both again (the stream redelivers).
    const outcomes = await Promise.all([first, second, first, second].map((entry) => sealAuditEntry(entry)));
    expect(outcomes.filter((outcome) => outcome === 'sealed')).toHaveLength(2);
    const sealed = await entriesOf('chain-2');
    expect(sealed.map((entry) => entry.seq).sort()).toEqual([1, 2]);
    const { data: head } = await db().entities.auditHead.get({ chainId: chainIdOf('User', 'chain-2') }).go();
    expect(head?.seq).toBe(2);
    expect(await sealAuditEntry({ chainId: first.chainId, entryId: 'no-such-entry', contentHash: 'x' })).toBe('missing');
    await settle();
    expect((await checkAudit()).findings).toEqual([]);
  });

  it('check:audit reports nothing on intact chains, then each kind of tampering', async () => {
    for (const title of ['1', '2', '3', '4']) await audit('chain-3', title);
    for (const title of ['1', '2']) await audit('chain-4', title);
    for (const title of ['1', '2']) await audit('chain-5', title);
    await settle();
    const clean = await checkAudit();
    expect(clean.findings).toEqual([]);
    expect(clean.entries).toBeGreaterThanOrEqual(13);

    const three = await entriesOf('chain-3');
    // An entry's recorded value changed, with its content hash recomputed to match: the chain hash still gives it away.
    const edited = { ...three[1], changes: [{ field: 'title', before: 'x', after: 'forged' }] };
    await setField(three[1], 'changes', edited.changes);
    await setField(three[1], 'contentHash', contentHashOf(edited));
    // An entry in the middle removed.
    await db().entities.auditEntry.delete({ chainId: three[2].chainId, entryId: three[2].entryId }).go();
    // The newest entry of another chain removed.
    const four = await entriesOf('chain-4');
    await db().entities.auditEntry.delete({ chainId: four[1].chainId, entryId: four[1].entryId }).go();
    // An actor rewritten without touching any hash.
    const five = await entriesOf('chain-5');
    await setField(five[0], 'actorId', 'someone-else');

    const { findings } = await checkAudit();
    expect(findings.find((line) => line.startsWith('changed:') && line.includes(three[1].entryId))).toBeDefined();
    expect(findings.find((line) => line.startsWith('missing:') && line.includes(three[0].chainId) && line.includes('before seq 4'))).toBeDefined();
    expect(findings.find((line) => line.startsWith('head:') && line.includes(four[0].chainId))).toBeDefined();
    expect(findings.find((line) => line.startsWith('changed:') && line.includes(five[0].entryId))).toBeDefined();
    expect(findings).toHaveLength(4);
  });

  it('check:audit reports an entry the sealer has not reached after a few minutes, not one just written', async () => {
    await audit('chain-6', 'late');
    const [entry] = await entriesOf('chain-6');
    const soon = await checkAudit({ now: new Date(Date.now() + 60_000) });
    expect(soon.findings.filter((line) => line.includes(entry.entryId))).toEqual([]);
    const later = await checkAudit({ now: new Date(Date.now() + 10 * 60_000) });
    expect(later.findings.filter((line) => line.startsWith('unsealed:') && line.includes(entry.entryId))).toHaveLength(1);
    await settle();
    const sealedLater = await checkAudit({ now: new Date(Date.now() + 10 * 60_000) });
    expect(sealedLater.findings.filter((line) => line.includes(entry.entryId))).toEqual([]);
  });
});
