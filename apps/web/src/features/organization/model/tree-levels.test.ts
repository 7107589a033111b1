import { describe, expect, it } from 'vitest';
import type { DownlineNode, DownlineTree } from '@portal/contracts/network';
import { layoutTree, toTreeData } from './tree-model';
import { treeLevels } from './tree-levels';

const node = (id: number, over: Partial<DownlineNode> = {}): DownlineNode => ({
  id,
  member_code: `M${id}`,
  first_name: `F${id}`,
  last_name: `L${id}`,
  avatar_id: id,
  avatar_thumbnail: null,
  gender: 'male',
  package: null,
  business_title: null,
  is_active: true,
  expiry_date: null,
  point: '0.00',
  left_team: 0,
  right_team: 0,
  left_points: '0.00',
  right_points: '0.00',
  side: null,
  placed_at: null,
  level: 0,
  has_more: false,
  empty_left: true,
  empty_right: true,
  left: null,
  right: null,
  ...over,
});

describe('the list view of the tree (phones)', () => {
  it('lists each level below the top left to right, members and empty slots as the tree draws them', () => {
    const tree: DownlineTree = {
      path: [],
      depth: 2,
      top: node(1, {
        empty_left: false,
        empty_right: false,
        left: node(2, {
          level: 1,
          side: 'left',
          empty_left: false,
          left: node(4, { level: 2, side: 'left', has_more: true }),
        }),
        right: node(3, { level: 1, side: 'right' }),
      }),
    };
    const levels = treeLevels(layoutTree(toTreeData(tree)));
    expect(levels.map((l) => l.level)).toEqual([1, 2]);
    expect(levels[0]!.items.map((d) => d.key)).toEqual(['member-2', 'member-3']);
    expect(levels[1]!.items.map((d) => d.key)).toEqual([
      'member-4',
      'empty-2-right',
      'empty-3-left',
      'empty-3-right',
    ]);
  });
});
