import { describe, expect, it } from 'vitest';
import { ROLES } from '../agents/index.js';
import { BUNDLED_SCOPES_PATH } from './bundled-paths.js';
import { matchesDenyPattern } from './deny-pattern.js';
import { KnowledgeError } from './knowledge-error.js';
import { accessFor, loadScopesFile, parseScopesFile } from './scopes-file.js';

const entry = (fields: Record<string, unknown>) => JSON.stringify({ version: 1, agents: { a: { scopes: ['customer'], max_sensitivity: 'public', ...fields } } });

describe('the bundled scopes file', () => {
  const scopes = loadScopesFile(BUNDLED_SCOPES_PATH);

  it('names every role of the roles table with the same scopes, customer-facing and public only', () => {
    for (const [agent, role] of Object.entries(ROLES)) {
      const access = accessFor(scopes, agent);
      expect(access?.scopes, agent).toEqual(role.scopes);
      expect(access?.customer_facing, agent).toBe(true);
      expect(access?.max_sensitivity, agent).toBe('public');
    }
  });

  it('has one admin and an operator console entry cleared for internal material', () => {
    expect(Object.entries(scopes.agents).filter(([, access]) => access.admin).map(([name]) => name)).toEqual(['admin']);
    expect(accessFor(scopes, 'operator_console')?.max_sensitivity).toBe('internal');
  });

  it('resolves only its own keys, never inherited ones', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(accessFor(scopes, name)).toBeUndefined();
  });
});

describe('parseScopesFile', () => {
  it('refuses a customer-facing entry above public, unknown keys and bad JSON, naming the file', () => {
    const refuse = (text: string, pattern: RegExp) =>
      expect(() => parseScopesFile(text, 'scopes.json')).toThrow(expect.objectContaining({ code: 'scopes_invalid', message: expect.stringMatching(pattern) }));
    refuse(entry({ customer_facing: true, max_sensitivity: 'internal' }), /^scopes\.json: agents\.a: a customer-facing agent may read public documents only/);
    refuse(entry({ deny_pattern: ['x'] }), /deny_pattern/);
    refuse(entry({ max_sensitivity: 'secret' }), /max_sensitivity/);
    refuse('{', /^scopes\.json is not JSON/);
    expect(() => loadScopesFile('/nonexistent/scopes.json')).toThrow(KnowledgeError);
  });

  it('fills defaults', () => {
    expect(parseScopesFile(entry({}), 'x').agents.a).toEqual({ scopes: ['customer'], max_sensitivity: 'public', deny_patterns: [], customer_facing: false, admin: false });
  });
});

describe('matchesDenyPattern', () => {
  it('matches plain patterns as substrings and globs as whole values, ignoring case', () => {
    expect(matchesDenyPattern('drafts/*', 'drafts/customer-saturday-delivery.md')).toBe(true);
    expect(matchesDenyPattern('drafts/*', 'policies/drafts/x.md')).toBe(false);
    expect(matchesDenyPattern('*/drafts/*', 'policies/drafts/x.md')).toBe(true);
    expect(matchesDenyPattern('MARGIN', 'internal-margins')).toBe(true);
    expect(matchesDenyPattern('refunds-pv1?', 'refunds-pv17')).toBe(true);
    expect(matchesDenyPattern('refunds-pv1?', 'refunds-pv170')).toBe(false);
    expect(matchesDenyPattern('*a*a*a*a*b', 'a'.repeat(5000))).toBe(false);
  });
});
