-- CreateTable
CREATE TABLE "players" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "players_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tables" (
    "id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seat_count" INTEGER NOT NULL,
    "host_player_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "dealer" INTEGER,
    "current_hand_id" UUID,
    "session" JSONB,
    "hand_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "table_seats" (
    "table_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "player_id" UUID NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "table_seats_pkey" PRIMARY KEY ("table_id","seat")
);

-- CreateTable
CREATE TABLE "hands" (
    "id" UUID NOT NULL,
    "table_id" UUID,
    "number" INTEGER,
    "game" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seat_count" INTEGER NOT NULL,
    "dealer" INTEGER NOT NULL,
    "setup" JSONB NOT NULL,
    "seating" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "deck" JSONB,
    "dealt_hands" JSONB,
    "state" JSONB NOT NULL,
    "seq" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "to_act" INTEGER[],
    "status" TEXT NOT NULL,
    "result" JSONB,
    "last_hash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "hands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "hand_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "seat" INTEGER,
    "payload" JSONB NOT NULL,
    "command_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("hand_id","seq")
);

-- CreateTable
CREATE TABLE "idempotent_responses" (
    "key" TEXT NOT NULL,
    "hand_id" UUID NOT NULL,
    "status" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotent_responses_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "hand_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "table_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "amount" DECIMAL(20,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("hand_id","seat")
);

-- CreateTable
CREATE TABLE "bench_rows" (
    "id" BIGSERIAL NOT NULL,
    "note" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bench_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "players_token_hash_key" ON "players"("token_hash");

-- CreateIndex
CREATE INDEX "table_seats_player_id_idx" ON "table_seats"("player_id");

-- CreateIndex
CREATE UNIQUE INDEX "table_seats_table_id_player_id_key" ON "table_seats"("table_id", "player_id");

-- CreateIndex
CREATE INDEX "hands_table_id_created_at_idx" ON "hands"("table_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "hands_seating_idx" ON "hands" USING GIN ("seating" jsonb_path_ops);

-- CreateIndex
CREATE UNIQUE INDEX "events_command_id_key" ON "events"("command_id");

-- CreateIndex
CREATE INDEX "ledger_entries_table_id_idx" ON "ledger_entries"("table_id");

-- CreateIndex
CREATE INDEX "ledger_entries_player_id_idx" ON "ledger_entries"("player_id");

-- AddForeignKey
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hands" ADD CONSTRAINT "hands_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_hand_id_fkey" FOREIGN KEY ("hand_id") REFERENCES "hands"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_hand_id_fkey" FOREIGN KEY ("hand_id") REFERENCES "hands"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

