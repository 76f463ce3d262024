/** True for a unique-constraint failure from either SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
