import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDirectory } from './make-directory.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-mkdir-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('makeDirectory', () => {
  it('creates every missing parent, and accepts a directory that is already there', () => {
    const target = join(scratch(), 'a', 'b', 'c');
    makeDirectory(target);
    expect(statSync(target).isDirectory()).toBe(true);
    expect(() => makeDirectory(target)).not.toThrow();
  });

  // Linux answers ENOENT for a child of /proc (where Node's recursive mkdir spins); elsewhere / refuses it.
  it('throws, rather than spins, where a parent exists but cannot hold the child', () => {
    expect(() => makeDirectory('/proc/waybill-nope/deeper')).toThrow(expect.objectContaining({ code: process.platform === 'linux' ? 'ENOENT' : expect.any(String) }) as Error);
  });

  it('throws for a file or a dangling symlink in the way instead of creating past it', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => makeDirectory(join(dir, 'file'))).toThrow(expect.objectContaining({ code: 'EEXIST' }) as Error);
    expect(() => makeDirectory(join(dir, 'file', 'sub'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }) as Error);
    symlinkSync(join(dir, 'gone'), join(dir, 'dangling'));
    expect(() => makeDirectory(join(dir, 'dangling', 'sub'))).toThrow(expect.objectContaining({ code: 'EEXIST' }) as Error);
    expect(existsSync(join(dir, 'gone'))).toBe(false);
  });
});
