/**
 * Every "newest first" list (storefront listings, the home page, admin orders, the inbox, the audit log) is
 * served in order by an index, never by reading a whole table and sorting it: with sorting and sequential
 * scans priced out, PostgreSQL's plan for each query has no Sort node only if an index gives that order.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from './db.server';

const NEWEST_FIRST_QUERIES: Record<string, string> = {
  'all products': 'select id from products order by created_at desc, id desc limit 24',
  'featured products': 'select id from products where featured = true order by created_at desc, id desc limit 5',
  'a category': "select id from products where category = 'Shirts' order by created_at desc, id desc limit 24",
  'a collection': "select id from products where collection_id = 'x' order by created_at desc, id desc limit 24",
  collections: 'select id from collections order by created_at desc, id desc',
  'featured collections': 'select id from collections where featured = true order by created_at desc, id desc',
  'all orders': 'select id from orders order by created_at desc, id desc limit 50',
  "a customer's orders": "select id from orders where user_id = 'x' order by created_at desc, id desc limit 50",
  'orders by payment status':
    "select id from orders where payment_status = 'paid' order by created_at desc, id desc limit 50",
  'contact messages': 'select id from contact_messages order by created_at desc, id desc limit 50',
  'audit log': 'select id from audit_log order by created_at desc, id desc limit 50',
};

type PlanNode = { 'Node Type': string; Plans?: PlanNode[] };
const nodeTypes = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];

describe('newest-first indexes', () => {
  it.each(Object.entries(NEWEST_FIRST_QUERIES))('%s: read in order from an index, not sorted', async (_name, query) => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql.raw(`explain (format json) ${query}`));
      return row['QUERY PLAN'][0].Plan;
    });
    expect(nodeTypes(plan).filter((type) => type.includes('Sort'))).toEqual([]);
  });
});
