import { Injectable } from '@nestjs/common';

/** A token that no longer holds: its player, and the credential (auth.ts) it was resolved to. */
export interface Revocation {
  playerId: string;
  credential: string;
}

/**
 * Revoked tokens, told to every listener on every instance: the players' rotation revokes, the
 * caller cache forgets and the hands' streams and sockets close. It lives with the caller's
 * identity, below the modules that follow it, so that none of them imports another to reach it.
 * Its way to the other instances is the hands' LISTEN connection (hand-watch.ts `carry`), which
 * announces a revocation there and brings theirs here.
 */
@Injectable()
export class TokenRevocations {
  private readonly listeners = new Set<(revoked: Revocation) => void>();
  private announce: ((revoked: Revocation) => Promise<void>) | null = null;

  /** Follows revoked tokens on every instance; returns the unsubscribe. */
  onRevoked(listener: (revoked: Revocation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The carrier to the other instances: `announce` tells them, and it calls `heard` with theirs. */
  carry(announce: (revoked: Revocation) => Promise<void>): void {
    this.announce = announce;
  }

  /** A revocation from any instance, this one's own included: every listener here hears it. */
  heard(revoked: Revocation): void {
    for (const listener of this.listeners) listener(revoked);
  }

  /**
   * Tells every instance, this one first, that a token no longer holds. Sent at once rather than
   * batched with the moves: a rotation is rare, and whoever rotated wants the old token's
   * connections gone now.
   */
  async revoke(revoked: Revocation): Promise<void> {
    this.heard(revoked);
    await this.announce?.(revoked);
  }
}
