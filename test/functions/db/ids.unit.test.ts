import { decodeTime, isValid } from 'ulid';
import { deterministicId, newId } from '../../../functions/db/ids';

describe('deterministicId', () => {
  const at = Date.parse('2025-03-01T10:00:00.000Z');

  it('gives the same valid ULID for the same inputs, dated at the given time', () => {
    const id = deterministicId(at, 'outbox-1', 'user-1');
    expect(deterministicId(at, 'outbox-1', 'user-1')).toBe(id);
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(at);
  });

  it('differs per recipient and per item, and does not confuse where one part ends', () => {
    const ids = [deterministicId(at, 'outbox-1', 'user-1'), deterministicId(at, 'outbox-1', 'user-2'), deterministicId(at, 'outbox-2', 'user-1'), deterministicId(at, 'outbox-1u', 'ser-1')];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts with ids made by newId at other times', () => {
    expect(deterministicId(at, 'x') < newId(at + 1)).toBe(true);
    expect(deterministicId(at, 'x') > newId(at - 1)).toBe(true);
  });
});
