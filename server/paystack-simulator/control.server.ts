/**
 * How another process (an end-to-end test, a developer) reaches the simulator a store started: its address
 * and its per-run control token, in $DATA_DIR/paystack-simulator.json, readable by the store's own user only
 * (as the database password and the auth secret beside it are). The token changes at every start.
 */
import fs from 'node:fs';
import path from 'node:path';

export type SimulatorControl = { baseUrl: string; controlToken: string };

const simulatorControlFile = (dataDir: string) => path.join(dataDir, 'paystack-simulator.json');

export function writeSimulatorControl(dataDir: string, control: SimulatorControl): string {
  const file = simulatorControlFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  // Removed, then created exclusively: a file or link someone left there is never written through.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${JSON.stringify(control)}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** At shutdown: the token dies with the simulator. */
export const removeSimulatorControl = (dataDir: string) => fs.rmSync(simulatorControlFile(dataDir), { force: true });
