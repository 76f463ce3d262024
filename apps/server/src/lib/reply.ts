/** Wraps a payload in the success envelope every API answer uses. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
