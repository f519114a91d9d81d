import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { LOCAL_SIGNING_CERT_URL, canonicalSnsString, type SnsMessage } from '../../functions/core/communication/sns-signature';

/**
 * The local stand-in for SNS's signing: one RSA key pair per process. The runtime hands the
 * public half to the functions (LOCAL_SNS_SIGNING_KEY, which a Lambda never reads) and signs
 * the SMS outbox page's simulated replies with the private half, exactly as SNS signs
 * (SignatureVersion 2, SHA256withRSA). Tests sign their messages the same way.
 */
let keys: { privateKey: KeyObject; publicKeyPem: string } | undefined;

function keyPair() {
  if (!keys) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    keys = { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  }
  return keys;
}

/** The public key (PEM) the functions must trust locally. */
export function localSnsPublicKey(): string {
  return keyPair().publicKeyPem;
}

export type UnsignedSnsMessage = Omit<SnsMessage, 'Signature' | 'SignatureVersion' | 'SigningCertURL'>;

/** The message with SignatureVersion 2, the local signing "certificate" and its signature. */
export function signLocally(message: UnsignedSnsMessage): SnsMessage {
  const signer = createSign('RSA-SHA256');
  signer.update(canonicalSnsString(message), 'utf8');
  return { ...message, SignatureVersion: '2', SigningCertURL: LOCAL_SIGNING_CERT_URL, Signature: signer.sign(keyPair().privateKey, 'base64') };
}
