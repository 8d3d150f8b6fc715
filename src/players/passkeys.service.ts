import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../common/auth.js';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import type { PasskeysDto } from './devices.dto.js';
import {
  addPasskey,
  deletePasskey,
  passkeyById,
  passkeyIdsOf,
  passkeysOf,
  passkeyUsed,
  putChallenge,
  takeChallenge,
} from './passkey-store.js';
import { playerName } from './player-store.js';
import type { PlayerCreatedDto } from './players.dto.js';
import { SessionsService } from './sessions.service.js';

type PlayerCaller = Caller & { kind: 'player' };
const RP_NAME = 'Kartentisch';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a signed-in player adds one; any device
 * that holds it signs in as that player with a session of its own. Discoverable credentials, so
 * signing in needs no name first. The challenges live in the database: the answer may reach
 * another instance than the options did. User verification is asked for, not required: the
 * passkey stands in for a bearer token kept in the browser, which has none either.
 */
@Injectable()
export class PasskeysService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: DatabaseService,
    private readonly sessions: SessionsService,
  ) {}

  async registrationOptions(caller: PlayerCaller, req: FastifyRequest): Promise<object> {
    const held = await passkeyIdsOf(this.db.pool, caller.playerId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.relyingParty(req).rpID,
      userID: uuidBytes(caller.playerId),
      userName: caller.name,
      attestationType: 'none',
      excludeCredentials: held.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await putChallenge(this.db.pool, options.challenge, caller.playerId);
    return options;
  }

  async add(caller: PlayerCaller, response: RegistrationResponseJSON, req: FastifyRequest): Promise<{ id: string }> {
    const { origin, rpID } = this.relyingParty(req);
    const verified = await refusedAsInvalid(() =>
      verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => takeChallenge(this.db.pool, challenge, caller.playerId),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }),
    );
    if (!verified.verified || !verified.registrationInfo) throw ApiError.of('PASSKEY_INVALID', 'the registration was not verified');
    const { credential } = verified.registrationInfo;
    if (await passkeyById(this.db.pool, credential.id)) throw ApiError.of('PASSKEY_INVALID', 'this passkey is already registered');
    await addPasskey(this.db.pool, {
      id: credential.id,
      playerId: caller.playerId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    return { id: credential.id };
  }

  async list(caller: PlayerCaller): Promise<PasskeysDto> {
    const rows = await passkeysOf(this.db.pool, caller.playerId);
    return {
      passkeys: rows.map((p) => ({ id: p.id, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null })),
    };
  }

  /**
   * Removes a passkey: from then on it signs nobody in. The sessions it signed in stay, as a
   * session is a token of its own; the player signs those out on their own.
   */
  async remove(caller: PlayerCaller, id: string): Promise<void> {
    if (!(await deletePasskey(this.db.pool, caller.playerId, id)))
      throw ApiError.of('PASSKEY_NOT_FOUND', `this player has no passkey ${id}`);
  }

  async authenticationOptions(req: FastifyRequest): Promise<object> {
    const options = await generateAuthenticationOptions({ rpID: this.relyingParty(req).rpID, userVerification: 'preferred' });
    await putChallenge(this.db.pool, options.challenge, null);
    return options;
  }

  /** The passkey's player, signed in on this device with a new session. */
  async signIn(response: AuthenticationResponseJSON, req: FastifyRequest): Promise<PlayerCreatedDto> {
    const passkey = await passkeyById(this.db.pool, response.id);
    if (!passkey) throw ApiError.of('PASSKEY_INVALID', 'no player holds this passkey');
    const { origin, rpID } = this.relyingParty(req);
    const verified = await refusedAsInvalid(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => takeChallenge(this.db.pool, challenge, null),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      }),
    );
    if (!verified.verified) throw ApiError.of('PASSKEY_INVALID', 'the signature was not verified');
    return this.db.transaction(async (tx) => {
      if (!(await passkeyUsed(tx, passkey.id, verified.authenticationInfo.newCounter)))
        throw ApiError.of('PASSKEY_INVALID', 'no player holds this passkey');
      const player = await playerName(tx, passkey.playerId);
      if (!player) throw ApiError.of('PASSKEY_INVALID', 'no player holds this passkey');
      return { id: player.id, name: player.name, token: await this.sessions.open(tx, player.id, 'passkey') };
    });
  }

  /**
   * The origin the browser must report and the relying party id (its host) the passkey is bound
   * to: PASSKEY_ORIGIN when set, else the request's own (scheme and Host, as TRUST_PROXY lets
   * Fastify read them).
   */
  private relyingParty(req: FastifyRequest): { origin: string; rpID: string } {
    const origin = this.settings.passkeyOrigin ?? `${req.protocol}://${req.host}`;
    return { origin, rpID: new URL(origin).hostname };
  }
}

/** A UUID's 16 bytes: WebAuthn's user handle, never shown to anyone. */
const uuidBytes = (id: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(id.replace(/-/g, ''), 'hex'));

/** The library throws on an answer it cannot read or that fails a check: a refusal, not a 500. */
async function refusedAsInvalid<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw ApiError.of('PASSKEY_INVALID', (err as Error).message);
  }
}
