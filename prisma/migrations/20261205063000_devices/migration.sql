-- A player on several devices (src/players/session-store.ts): each device holds a token of its own
-- (`player_sessions`, its SHA-256 only), got from the player's name, a one-time link code
-- (`link_codes`) or a passkey (`passkeys`, with the WebAuthn challenges handed out and not yet
-- answered). Every player's token so far becomes its first session; a bot's token was drawn and
-- forgotten, so a bot has none.
CREATE TABLE "player_sessions" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_codes" (
    "code_hash" TEXT NOT NULL,
    "player_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "link_codes_pkey" PRIMARY KEY ("code_hash")
);

-- CreateTable
CREATE TABLE "passkeys" (
    "id" TEXT NOT NULL,
    "player_id" UUID NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passkey_challenges" (
    "challenge" TEXT NOT NULL,
    "player_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "passkey_challenges_pkey" PRIMARY KEY ("challenge")
);


INSERT INTO "player_sessions" ("id", "player_id", "token_hash", "via", "created_at", "last_used_at")
SELECT gen_random_uuid(), "id", "token_hash", 'name', "created_at", "created_at" FROM "players" WHERE "bot" IS NULL;

ALTER TABLE "players" DROP COLUMN "token_hash";

-- CreateIndex
CREATE UNIQUE INDEX "player_sessions_token_hash_key" ON "player_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "player_sessions_player_id_idx" ON "player_sessions"("player_id");

-- CreateIndex
CREATE UNIQUE INDEX "link_codes_player_id_key" ON "link_codes"("player_id");

-- CreateIndex
CREATE INDEX "passkeys_player_id_idx" ON "passkeys"("player_id");

-- CreateIndex
CREATE INDEX "passkey_challenges_expires_at_idx" ON "passkey_challenges"("expires_at");


-- AddForeignKey
ALTER TABLE "player_sessions" ADD CONSTRAINT "player_sessions_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
