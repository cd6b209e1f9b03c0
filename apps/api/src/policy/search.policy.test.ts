import { ROLE, searchesFirstName, searchesLastName, searchNameReach } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN } from './subjects.js';

describe('search policy (packages/shared/src/policy/search.ts)', () => {
  // Whose names each caller may search by, for a donor of center 1.
  const expected: Record<string, { reach: string; lastName: boolean }> = {
    'master own': { reach: 'all', lastName: true },
    'master other': { reach: 'all', lastName: true },
    'admin own': { reach: 'own-center', lastName: true },
    'admin other': { reach: 'own-center', lastName: false },
    'manager own': { reach: 'own-center', lastName: true },
    'manager other': { reach: 'own-center', lastName: false },
    'client own': { reach: 'none', lastName: false },
    'client other': { reach: 'none', lastName: false },
    'donor own': { reach: 'none', lastName: false },
    'donor other': { reach: 'none', lastName: false },
  };
  it.each(everyone())('names in search for %s', (label, s) => {
    const want = expected[label]!;
    expect(searchNameReach(s), label).toBe(want.reach);
    expect(searchesLastName(s, OWN), label).toBe(want.lastName);
    // A published first name is searchable by anyone; a hidden one only with the last name.
    expect(searchesFirstName(s, OWN, true), label).toBe(true);
    expect(searchesFirstName(s, OWN, false), label).toBe(want.lastName);
    expect(searchesLastName(s, OTHER), label).toBe(
      s.role === ROLE.MASTER || (want.reach === 'own-center' && s.centerId === OTHER),
    );
  });
});
