-- An Idempotency-Key names one request: the SHA-256 of its canonical body is stored with the
-- answer, and a reuse of the key with another body is refused (422 IDEMPOTENCY_KEY_REUSED).
-- Rows written before this column existed have none and keep answering any retry.
ALTER TABLE "idempotent_responses" ADD COLUMN "request_hash" TEXT;
