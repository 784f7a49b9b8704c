import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/temp-dir.js';
import { isProjectDirectory, locateDb } from './resolve-db-path.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

function dir(name: string, setup: (path: string) => void = () => {}): string {
  const path = join(temp.dir, name);
  mkdirSync(path, { recursive: true });
  setup(path);
  return path;
}

describe('locateDb', () => {
  it('takes WAYBILL_DB first, relative to the working directory', () => {
    const cwd = dir('anywhere');
    expect(locateDb({ WAYBILL_DB: 'x/w.db' }, cwd)).toEqual({ path: join(cwd, 'x/w.db'), source: 'WAYBILL_DB' });
    expect(locateDb({ WAYBILL_DB: ':memory:' }, cwd)).toEqual({ path: ':memory:', source: 'WAYBILL_DB' });
  });

  it("uses ./.waybill/waybill.db in a clone of Waybill or a directory that already has .waybill/", () => {
    const clone = dir('clone', (p) => writeFileSync(join(p, 'package.json'), JSON.stringify({ name: 'waybill' })));
    expect(locateDb({}, clone)).toEqual({ path: join(clone, '.waybill/waybill.db'), source: 'project' });
    const used = dir('used', (p) => mkdirSync(join(p, '.waybill')));
    expect(locateDb({}, used).source).toBe('project');
  });

  it("falls back to the user's data directory anywhere else, never a new .waybill/ in the working directory", () => {
    const other = dir('other-app', (p) => writeFileSync(join(p, 'package.json'), JSON.stringify({ name: 'claude-desktop' })));
    expect(isProjectDirectory(other)).toBe(false);
    expect(locateDb({ XDG_DATA_HOME: '/data' }, other)).toEqual({ path: '/data/waybill/waybill.db', source: 'user data' });
    expect(locateDb({ HOME: '/home/ann' }, other)).toEqual({ path: '/home/ann/.local/share/waybill/waybill.db', source: 'user data' });
    const broken = dir('broken', (p) => writeFileSync(join(p, 'package.json'), '{not json'));
    expect(isProjectDirectory(broken)).toBe(false);
  });
});
