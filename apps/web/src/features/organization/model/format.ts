import type { MemberBrief } from '@portal/contracts/network';

export function fullName(m: Pick<MemberBrief, 'first_name' | 'last_name'>): string {
  return `${m.first_name} ${m.last_name}`.trim();
}
