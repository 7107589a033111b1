// @vitest-environment jsdom
import type { DownlineNode } from '@portal/contracts/network';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { truncateToWidth, wrapToWidth } from '../model/fit-text';
import { MemberCard, memberCardReading, type CardText, type MemberCardLabels } from './tree-node';

afterEach(cleanup);

// A font of 7 px a character: a card's name line holds 18, the room beside the avatar 13.
const width = (s: string) => s.length * 7;
const cut = (s: string, max: number) => truncateToWidth(s, max, width);
const text: CardText = {
  name: cut,
  nameLines: (s, max) => wrapToWidth(s, max, width),
  small: cut,
  smallWidth: width,
  tiny: cut,
  tinyWidth: width,
};
const labels: MemberCardLabels = {
  left: 'Left',
  right: 'Right',
  inactive: 'Inactive',
  moreBelow: 'More below',
  count: String,
  points: (v) => v,
};

const node = (over: Partial<DownlineNode>): DownlineNode => ({
  id: 7,
  member_code: 'M1000007',
  first_name: 'Ann',
  last_name: 'Lee',
  avatar_id: 7,
  avatar_thumbnail: null,
  gender: 'female',
  package: 'GOLD',
  business_title: 'MANAGER',
  is_active: true,
  expiry_date: null,
  point: '0.00',
  left_team: 3,
  right_team: 4,
  left_points: '120',
  right_points: '80',
  side: null,
  level: 0,
  placed_at: null,
  left: null,
  right: null,
  empty_left: false,
  empty_right: false,
  has_more: true,
  ...over,
});

/** What the card shows, in document order: each <text>'s content, its lines apart, the hidden marker out. */
function shownText(n: DownlineNode): string {
  const { container } = render(
    <svg>
      <MemberCard node={n} text={text} labels={labels} />
    </svg>,
  );
  return [...container.querySelectorAll('text')]
    .filter((el) => !el.closest('[aria-hidden="true"]'))
    .map((el) => {
      const lines = [...el.querySelectorAll('tspan')].map((t) => t.textContent);
      return lines.length ? lines.join(' ') : el.textContent;
    })
    .join(' ');
}

describe('a member card and its accessible name (WCAG 2.5.3, label in name)', () => {
  it.each([
    ['a one-line name, the package and title under it', node({})],
    [
      'a two-line name, the package and title beside the avatar, cut',
      node({ last_name: 'Charoenphon-Siri' }),
    ],
    ['an inactive member without a title', node({ is_active: false, business_title: null })],
    [
      'a name too long for two lines',
      node({ first_name: 'Anastasia-Maria', last_name: 'Wongsawat-Suksawat-Charoen' }),
    ],
  ])('starts with what the card shows, in its order: %s', (_, n) => {
    const { seen } = memberCardReading(n, text, labels);
    expect(shownText(n)).toBe(`${seen} Left 3 120 Right 4 80`);
  });

  it('keeps in full, after it, what the card cuts', () => {
    const long = node({ first_name: 'Anastasia-Maria', last_name: 'Wongsawat-Suksawat-Charoen' });
    const reading = memberCardReading(long, text, labels);
    expect(reading.seen).toContain('…');
    expect(reading.unseen).toBe('Anastasia-Maria Wongsawat-Suksawat-Charoen GOLD · MANAGER');
    expect(memberCardReading(node({}), text, labels).unseen).toBe('');
  });
});
