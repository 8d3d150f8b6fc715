-- Who is connected at a table, on any instance (src/hands/presence-store.ts): one row per
-- player, table and instance that holds a connection of that player's (a socket, a stream, a
-- long poll) or answered one of their requests lately. A row lapses at `until` unless its
-- instance renews it, so a stopped instance's rows go by themselves. Keyed by table, like the
-- table's own rows.
CREATE TABLE "seat_presence" (
    "table_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "instance" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "seat_presence_pkey" PRIMARY KEY ("table_id","player_id","instance")
);
