const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; a value that cannot be one of ours is simply not found. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
