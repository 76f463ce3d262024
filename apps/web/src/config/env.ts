/**
 * The only place that reads `import.meta.env`.
 * VITE_API_URL is optional: the API lives on the same origin by default (the Vite dev server proxies it).
 */
const apiUrl: unknown = import.meta.env.VITE_API_URL;
if (apiUrl !== undefined && typeof apiUrl !== 'string') {
  throw new Error('VITE_API_URL must be a string such as https://shipdeck.example.com');
}

// The year of the build (vite.config.ts), for the copyright line: the prerendered landing page and
// the browser's render of it must print the same one. Tests run unbuilt: the current year.
const buildYear: unknown = import.meta.env.BUILD_YEAR;

export const env = {
  apiUrl: apiUrl ?? '',
  buildYear: typeof buildYear === 'number' ? buildYear : new Date().getFullYear(),
} as const;
