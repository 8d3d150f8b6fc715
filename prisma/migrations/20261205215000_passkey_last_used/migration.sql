-- A player sees his passkeys and removes the ones he no longer holds: each says when it last
-- signed a device in (`last_used_at`, written by every sign-in with it), null until it first does.
ALTER TABLE "passkeys" ADD COLUMN "last_used_at" TIMESTAMPTZ(3);
