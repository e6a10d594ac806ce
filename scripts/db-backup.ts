/**
 * `npm run db:backup`: writes a backup of the store's database to $DATA_DIR/backups/ (embedded or DATABASE_URL), then
 * marks its time in the settings: the launch checklist's backup item (docs/decisions/0042-launch-checklist.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { env } from '../app/server/env.server';
import { markBackupMade } from '../app/server/store/backup-mark.server';
import { backupDatabase } from './lib/backup';
import { runTool, withStoreDatabase } from './lib/with-store-database';

runTool(() =>
  withStoreDatabase(async (url) => {
    const dir = path.join(env().dataDir, 'backups');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `store-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`);
    const counts = await backupDatabase(url, file);
    await markBackupMade();
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(
      `Backup written: ${file} (${Object.keys(counts).length} tables, ${rows} rows, ` +
        `${(fs.statSync(file).size / 1024).toFixed(0)} KB)`,
    );
    return 0;
  }),
);
