/**
 * The only place that reads `import.meta.env`.
 * VITE_API_URL is optional: the API lives on the same origin by default (the Vite dev server proxies it).
 */
const apiUrl: unknown = import.meta.env.VITE_API_URL;
if (apiUrl !== undefined && typeof apiUrl !== 'string') {
  throw new Error('VITE_API_URL must be a string such as https://shipdeck.example.com');
}

export const env = {
  apiUrl: apiUrl ?? '',
} as const;
