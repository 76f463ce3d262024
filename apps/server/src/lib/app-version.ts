import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const manifest: unknown = require('../../package.json');

export const appVersion =
  typeof manifest === 'object' && manifest !== null && 'version' in manifest
    ? String(manifest.version)
    : '0.0.0';
