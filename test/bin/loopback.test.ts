import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from '../../bin/local/loopback';

describe('loopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => expect(isLoopbackAddress(address)).toBe(true));
  it.each(['10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', 'fe80::1', '0.0.0.0', '::', '', undefined])('%s is not', (address) =>
    expect(isLoopbackAddress(address)).toBe(false),
  );
  it('HOST values', () => {
    expect(['localhost', '127.0.0.1', '::1', '[::1]'].map(isLoopbackHost)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.2', 'example.org'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });
});
