import type { AppConfig } from './env.js';

/**
 * Makes the validated `NODE_ENV` (default production) the process's own: libraries read the
 * variable itself, React's server renderer among them (it draws signed-in pages, three times
 * slower in its development build, which it picks when the variable is unset).
 */
export function publishNodeEnv(config: AppConfig): void {
  process.env.NODE_ENV = config.env;
}
