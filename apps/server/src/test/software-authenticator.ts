// A software WebAuthn authenticator for API tests: an ES256 key per credential, a 'none' attestation, and assertions
// signed as a platform authenticator signs them (user present and verified). Its answers are the JSON
// @simplewebauthn/browser sends, so the server verifies them with the same code as a real one's.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The few CBOR kinds WebAuthn needs (RFC 8949): integers, byte and text strings, arrays, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicCose: Buffer;
  userHandle: string;
  counter: number;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export function createSoftwareAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const credentials: Credential[] = [];

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };

  return {
    credentials,

    /** navigator.credentials.create(): a new key; its public half in a 'none' attestation. */
    create(options: CreationOptions) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
      const publicCose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credential: Credential = { id: randomBytes(16), privateKey, publicCose, userHandle: options.user.id, counter: 0 };
      credentials.push(credential);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, idLength, credential.id, publicCose]);
      const attestationObject = cbor({
        fmt: 'none',
        attStmt: {},
        authData: authData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA, 0, attested),
      });
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /**
     * navigator.credentials.get(): an assertion by `credential` (the newest by default), its counter moved on by one.
     * `signWith`: another credential's key signs it instead (a forged assertion); `counter`: the counter it claims.
     */
    get(options: RequestOptions, which: { credential?: Credential; signWith?: Credential; counter?: number } = {}) {
      const credential = which.credential ?? credentials.at(-1);
      if (!credential) throw new Error('no credential registered');
      credential.counter = which.counter ?? credential.counter + 1;
      const data = authData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), (which.signWith ?? credential).privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
