import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The authenticator data's flags: the user was present, verified, and a credential follows. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const CREDENTIAL_FOLLOWS = 0x40;

type Cbor = Parameters<typeof isoCBOR.encode>[0];

/**
 * A passkey held by an authenticator in software, for tests over HTTP: it answers the service's
 * WebAuthn options as a browser with a platform authenticator does (attestation "none", an ES256
 * key, no signature counter), so that adding a passkey and signing in with it need no browser.
 */
export class SoftPasskey {
  readonly id: string;
  private readonly rawId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private userHandle: string | undefined;

  /** `origin`: the page the browser would report, the service's PASSKEY_ORIGIN. */
  constructor(private readonly origin: string) {
    this.id = this.rawId.toString('base64url');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const { x, y } = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, bytes(Buffer.from(x!, 'base64url'))],
        [-3, bytes(Buffer.from(y!, 'base64url'))],
      ]),
    );
  }

  /** The browser's answer to `POST /players/me/passkeys/options`: the registration to send to `POST /players/me/passkeys`. */
  register(options: { challenge: string; rp: { id: string }; user: { id: string } }): Record<string, unknown> {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.rawId.length);
    const authData = Buffer.concat([
      rpIdHash(options.rp.id),
      Buffer.from([USER_PRESENT | USER_VERIFIED | CREDENTIAL_FOLLOWS]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      this.rawId,
      this.cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', bytes(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to `POST /players/passkey-sign-in/options`: the assertion to send to `POST /players/passkey-sign-in`. */
  assert(options: { challenge: string; rpId: string }): Record<string, unknown> {
    const authenticatorData = Buffer.concat([rpIdHash(options.rpId), Buffer.from([USER_PRESENT | USER_VERIFIED]), Buffer.alloc(4)]);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), this.key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();
const rpIdHash = (rpId: string): Buffer => sha256(Buffer.from(rpId));
/** A plain Uint8Array: the CBOR encoder writes byte strings from these. */
const bytes = (b: Buffer): Uint8Array => new Uint8Array(b);
