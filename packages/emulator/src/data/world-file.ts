import { readFile, writeFile } from 'node:fs/promises';
import { worldDataSchema, type WorldData } from './model.js';

/** Reads and validates a data file; the error names the first offending field. */
export async function loadWorldFile(path: string): Promise<WorldData> {
  const text = await readFile(path, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = worldDataSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${path}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid data file'}`,
    );
  }
  return parsed.data;
}

export async function saveWorldFile(path: string, data: WorldData): Promise<void> {
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`);
}
