// Preload (`node --import ./bench/diagnostics/count-pg-queries.mjs …`): counts every query node-postgres
// sends (one round trip each: node-postgres does not pipeline), grouped by the statement's first words.
// On SIGUSR2 it writes the counts so far to $WAYBILL_DIAG_PG_COUNTS, so a driver can take a snapshot
// before and after a measured window. Diagnostic only: production code is never wrapped.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const counts = new Map();
let total = 0;
const original = pg.Client.prototype.query;
const kindOf = (text) => {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  const table = /(?:FROM|INTO|UPDATE|TABLE)\s+("?[\w.]+"?)/i.exec(flat)?.[1] ?? '';
  return `${flat.split(' ').slice(0, 2).join(' ')} ${table}`.trim().slice(0, 80);
};
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  total += 1;
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const key = kindOf(text);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return original.call(this, config, ...rest);
};

const write = () => {
  const file = process.env.WAYBILL_DIAG_PG_COUNTS;
  if (!file) return;
  writeFileSync(file, JSON.stringify({ total, by_statement: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])) }));
};
process.on('SIGUSR2', write);
/** For an in-process measurement: the counts so far. */
globalThis.__waybillPgCounts = () => ({ total, by_statement: Object.fromEntries(counts) });
