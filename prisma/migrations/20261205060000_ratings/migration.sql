-- Ratings (src/ratings, docs/ratings.md): a table is rated unless its host says otherwise; a
-- player's OpenSkill rating per game, and its value after every rated hand for the profile's chart.
ALTER TABLE "tables" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT true;
-- An imported record's own table was never played at: it rates nobody, as the import writes it now.
UPDATE "tables" SET "rated" = false WHERE "imported";

-- CreateTable
CREATE TABLE "ratings" (
    "player_id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rating" INTEGER NOT NULL,
    "provisional" BOOLEAN NOT NULL DEFAULT true,
    "hands" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("player_id","game")
);

-- CreateTable
CREATE TABLE "rating_history" (
    "player_id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "hand_id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rating" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rating_history_pkey" PRIMARY KEY ("player_id","game","hand_id")
);

-- CreateIndex
CREATE INDEX "ratings_game_provisional_rating_player_id_idx" ON "ratings"("game", "provisional", "rating" DESC, "player_id");

-- CreateIndex
CREATE INDEX "rating_history_player_id_game_at_idx" ON "rating_history"("player_id", "game", "at");

-- Each bot strength is one rated identity per game (src/ratings/rating-identity.ts): a player row
-- of its own, whose id the booking derives from the strength in SQL. Its token hash is no SHA-256
-- hex, so no token ever matches it. A new strength adds its row in its own migration
-- (test/ratings.e2e.spec.ts checks every strength has one).
INSERT INTO "players" ("id", "name", "token_hash", "bot")
SELECT md5('kartentisch bot rating ' || s)::uuid, 'Bot (' || s || ')', 'none: the rating identity of bot ' || s, s
FROM unnest(ARRAY['random', 'heuristic', 'strong']) AS s
ON CONFLICT ("id") DO NOTHING;
