import { describe, expect, it } from 'vitest';
import { GROUP_A, journeysOfGroup, listJourneys, needsLiveIngest, parseJourneyGroup } from './journey-groups';

describe('the two e2e groups', () => {
  const all = listJourneys();
  const a = journeysOfGroup('a', all);
  const b = journeysOfGroup('b', all);

  it('run every journey exactly once between them', () => {
    expect(a.filter((name) => b.includes(name))).toEqual([]);
    expect([...a, ...b].sort()).toEqual(all);
    expect(a).toHaveLength(GROUP_A.length);
  });

  it('send a new journey to group B', () => {
    expect(journeysOfGroup('b', [...all, 'zz-new'])).toContain('zz-new');
    expect(journeysOfGroup('a', [...all, 'zz-new'])).not.toContain('zz-new');
  });

  it('refuse a group A name that has no journey file (a rename would drop it silently)', () => {
    expect(() =>
      journeysOfGroup(
        'a',
        all.filter((name) => name !== GROUP_A[1]),
      ),
    ).toThrow(GROUP_A[1]);
  });

  it('keep the two heaviest journeys apart, the encoder only where live plays', () => {
    expect(a.includes('live')).not.toBe(a.includes('accessibility'));
    expect(needsLiveIngest(a)).toBe(true);
    expect(needsLiveIngest(b)).toBe(false);
  });

  it('read E2E_GROUP strictly', () => {
    expect(parseJourneyGroup(undefined)).toBeNull();
    expect(parseJourneyGroup('b')).toBe('b');
    expect(() => parseJourneyGroup('c')).toThrow('E2E_GROUP');
  });
});
