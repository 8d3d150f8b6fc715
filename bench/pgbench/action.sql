-- One accepted action as the service commits it (src/hands/hands.service.ts): lock the hand,
-- write its new projection, append one event with a jsonb payload. pgbench -f, with -D hands=N.
\set id random(1, :hands)
BEGIN;
SELECT seq, state, last_hash FROM pgbench_action.hand WHERE id = :id FOR UPDATE;
UPDATE pgbench_action.hand
   SET seq = seq + 1, to_act = ARRAY[(seq + 1) % 4],
       state = jsonb_set(state, '{turn}', to_jsonb((seq + 1) % 4)),
       last_hash = md5(last_hash)
 WHERE id = :id;
INSERT INTO pgbench_action.event (hand_id, seq, type, seat, payload, command_id, prev_hash, hash)
SELECT id, seq, 'play', seq % 4, jsonb_build_object('seat', seq % 4, 'type', 'play', 'card', 'HS'),
       gen_random_uuid()::text, md5(last_hash), last_hash
  FROM pgbench_action.hand WHERE id = :id;
COMMIT;
