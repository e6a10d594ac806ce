import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { installJobQueue } from '../../app/server/jobs/queues.server';

export const TEMPLATE_DATABASE = 'store_test_template';

export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** (Re)creates the template database and applies every migration to it. */
export async function createTemplateDatabase(adminUrl: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
    await admin.unsafe(`create database "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const client = postgres(databaseUrl(adminUrl, TEMPLATE_DATABASE), { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.resolve(import.meta.dirname, '../../drizzle') });
  } finally {
    await client.end();
  }
  // The job queue's tables and queues too, as runMigrations installs them: a paid order queues its mails.
  await installJobQueue(databaseUrl(adminUrl, TEMPLATE_DATABASE));
}

/** A fresh database cloned from the template (fast: a file copy inside PostgreSQL). */
export async function cloneTemplate(adminUrl: string, name: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
