-- The pgbench baseline's own tables (bench/api.bench.ts): shaped like the service's `hands`
-- and `events` (prisma/migrations), in a schema of their own inside the bench database.
-- Run with psql -v hands=1000.
DROP SCHEMA IF EXISTS pgbench_action CASCADE;
CREATE SCHEMA pgbench_action;
SET search_path = pgbench_action;

CREATE TABLE hand (
    id         INTEGER PRIMARY KEY,
    seq        INTEGER NOT NULL,
    phase      TEXT NOT NULL,
    to_act     INTEGER[],
    status     TEXT NOT NULL,
    -- The service keeps the folded engine state beside the log; about 1-3 kB of JSON.
    state      JSONB NOT NULL,
    last_hash  TEXT NOT NULL
);

CREATE TABLE event (
    hand_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    type        TEXT NOT NULL,
    seat        INTEGER,
    payload     JSONB NOT NULL,
    command_id  TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    prev_hash   TEXT NOT NULL,
    hash        TEXT NOT NULL,
    PRIMARY KEY (hand_id, seq)
);

INSERT INTO hand (id, seq, phase, to_act, status, state, last_hash)
SELECT g, 0, 'play', ARRAY[g % 4], 'active',
       jsonb_build_object(
         'phase', 'play', 'dealer', g % 4, 'turn', (g + 1) % 4,
         'hands', (SELECT jsonb_agg(h) FROM (SELECT jsonb_agg('H' || c) AS h FROM generate_series(1, 8) c, generate_series(1, 4) s GROUP BY s) x),
         'tricks', (SELECT jsonb_agg(jsonb_build_object('leader', t % 4, 'cards', jsonb_build_array('L7', 'LS', 'H9', 'A10'))) FROM generate_series(1, 6) t),
         'plays', (SELECT jsonb_agg(jsonb_build_object('seat', p % 4, 'type', 'play', 'card', 'B' || p)) FROM generate_series(1, 24) p),
         'bids', jsonb_build_array(jsonb_build_object('seat', 1, 'bid', 'dobbm'), jsonb_build_object('seat', 2, 'bid', 'pass')),
         'options', jsonb_build_object('players', 4, 'stake', 12, 'rounding', 'ceil')),
       md5(g::text)
FROM generate_series(1, :hands) g;

ANALYZE hand;
