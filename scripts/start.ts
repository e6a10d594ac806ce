/**
 * `npm start` / `npm run dev` (through scripts/bootstrap.mjs). NODE_ENV must be settled before React
 * or React Router is first imported: they pick their development or production build at load time,
 * and a mix of the two fails at render. Hence the dynamic import.
 */
process.env.NODE_ENV ||= process.argv.includes('--dev') ? 'development' : 'production';
await import('./serve');
export {};
