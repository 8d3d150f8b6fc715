const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row (and would make PostgreSQL raise). */
export const isUuid = (s: string): boolean => UUID.test(s);

/**
 * A UUID drawn from a SHA-256 digest (hex): version 8, RFC 9562's custom layout. For rows whose
 * identity is their content (an imported record, a table's bot), so that creating one twice meets
 * the first one's primary key, on any instance, in one statement.
 */
export function uuidFromDigest(digest: string): string {
  const hex = digest.slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
