/**
 * The import rules of the layout (docs/architecture.md#3-folder-layout, eslint.config.js), run through ESLint itself
 * on planted imports: the app never imports Express-only code (server/), components and app/lib never import server
 * code, and nothing of the app loads the Paystack simulator (decision 0032). Allowed imports stay allowed.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The restricted-import messages ESLint gives a file at `filePath` holding `code`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const use = (specifier: string) => `import * as planted from '${specifier}';\nexport const kept = planted;\n`;

describe('the layering rules', () => {
  it('refuses Express-only code in a route and in app/server', async () => {
    expect(await refusals('app/routes/planted.tsx', use('../../server/page-cache/page-cache'))).toEqual([
      expect.stringContaining('Express-only code (server/) stays out of the app'),
    ]);
    expect(await refusals('app/server/cart/planted.server.ts', use('../../../server/middleware/body-limit'))).toEqual([
      expect.stringContaining('Express-only code'),
    ]);
  });

  it('refuses server code in components and app/lib', async () => {
    expect(await refusals('app/components/cart/planted.tsx', use('~/server/cart/cart.server'))).toEqual([
      expect.stringContaining('Server code stays out of components and app/lib'),
    ]);
    expect(await refusals('app/lib/promo/planted.ts', use('~/db/schema'))).toEqual([
      expect.stringContaining('The database schema is server code'),
    ]);
  });

  it('refuses the Paystack simulator in the app', async () => {
    expect(
      await refusals('app/server/payments/planted.server.ts', use('../../../server/paystack-simulator/state.server')),
    ).toEqual([expect.stringContaining('The Paystack simulator is a development tool')]);
  });

  it('lets routes use the app’s own HTTP helpers and lib, and the Express app use the app', async () => {
    expect(await refusals('app/routes/planted.tsx', use('~/server/http/form-submission.server'))).toEqual([]);
    expect(await refusals('app/routes/planted.tsx', use('~/lib/promo/promo'))).toEqual([]);
    expect(await refusals('server/planted.ts', use('./page-cache/page-cache'))).toEqual([]);
  });
});
