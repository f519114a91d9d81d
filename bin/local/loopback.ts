import { isIP } from 'node:net';

/**
 * The local runtime is for one machine: its stand-ins listen on loopback only, and pages
 * that show secrets (the SMS outbox with verification codes) answer loopback clients only.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address; // IPv4 mapped into IPv6
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** A HOST value that keeps the app on this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}
