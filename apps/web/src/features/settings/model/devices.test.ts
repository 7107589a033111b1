import type { SessionInfo } from '@portal/contracts/identity';
import { describe, expect, it } from 'vitest';
import { orderDevices, visibleDevices } from './devices';

const device = (id: string, lastActive: string, current = false): SessionInfo => ({
  id,
  user_agent: null,
  ip: null,
  signed_in_at: '2026-11-01T00:00:00.000Z',
  last_active_at: lastActive,
  current,
});

describe('orderDevices', () => {
  it('puts this device first, then the others newest activity first', () => {
    const list = [
      device('old', '2026-11-02T00:00:00.000Z'),
      device('me', '2026-11-01T00:00:00.000Z', true),
      device('new', '2026-11-20T00:00:00.000Z'),
    ];
    expect(orderDevices(list).map((d) => d.id)).toEqual(['me', 'new', 'old']);
  });
});

describe('visibleDevices', () => {
  const many = Array.from({ length: 24 }, (_, i) => device(`d${i}`, '2026-11-02T00:00:00.000Z'));

  it('shows the first five of many and counts the rest', () => {
    const { shown, hidden } = visibleDevices(many, false);
    expect(shown.map((d) => d.id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
    expect(hidden).toBe(19);
  });

  it('shows all when opened or when there are few', () => {
    expect(visibleDevices(many, true)).toMatchObject({ hidden: 0 });
    expect(visibleDevices(many, true).shown).toHaveLength(24);
    expect(visibleDevices(many.slice(0, 5), false)).toMatchObject({ hidden: 0 });
  });
});
