import { describe, expect, it } from 'vitest';
import { DOMAIN_TOOL_NAMES } from './domain-tool-names.js';
import { DOMAIN_TOOLS } from './domain-tools.js';

describe('DOMAIN_TOOL_NAMES', () => {
  it('names exactly the domain tools, in their order', () => {
    expect(DOMAIN_TOOLS.map((t) => t.name)).toEqual([...DOMAIN_TOOL_NAMES]);
  });
});
