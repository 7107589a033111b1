import type { PublicCompany, PublicPlan } from '@portal/contracts/public-info';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { planFigures } from '@portal/plan/figures';
import { weekdayName } from '../model/weekday';

/** The four manuals of the specification, in the order the index lists them. */
export const MANUAL_SLUGS = [
  'identity_verification',
  'organization_management',
  'calculation_of_bonusIncome',
  'receiving_bonusIncome',
] as const;
export type ManualSlug = (typeof MANUAL_SLUGS)[number];

export const manualHref: Record<ManualSlug, (section?: string) => string> = {
  identity_verification: paths.manualIdentity.href,
  organization_management: paths.manualOrganization.href,
  calculation_of_bonusIncome: paths.manualBonusCalculation.href,
  receiving_bonusIncome: paths.manualBonusReceiving.href,
};

/** The portal pages a manual section links to (a visitor is asked to sign in first by the guard). */
export const PORTAL_LINKS = {
  profileDocuments: () => paths.profile.href('documents'),
  profileKyc: () => paths.profile.href('kyc'),
  profileBank: () => paths.profile.href('bank'),
  profileInformation: () => paths.profile.href('information'),
  organization: () => paths.organization.href(),
  dashboard: () => paths.dashboard.href(),
  notifications: () => paths.notifications.href(),
  tables: () => paths.tables.href(),
  maps: () => paths.maps.href(),
  contact: () => paths.contact.href(),
  statements: () => paths.statements.href(),
  cycleReport: () => paths.report.cycle_bonus.href(),
  referrerReport: () => paths.report.referrer_bonus.href(),
  mtaReport: () => paths.report.mta_bonus.href(),
  titleReport: () => paths.report.business_title.href(),
  dropshipReport: () => paths.report.dropship.href(),
} as const;
export type PortalLink = keyof typeof PORTAL_LINKS;

/** Parts of a manual computed from the plan or the server's settings instead of written out. */
export const WIDGETS = [
  'packages',
  'titles',
  'activityExample',
  'cycleExample',
  'capExample',
  'referrerExample',
  'cashbackExample',
  'mtaExample',
  'payoutExample',
] as const;
export type Widget = (typeof WIDGETS)[number];

/** Screenshots of the portal that `npm run manuals:screenshots` takes, one file per language. */
export const SHOTS = [
  'login',
  'dashboard',
  'profile-documents',
  'profile-kyc',
  'profile-bank',
  'organization-tree',
  'organization-wizard',
  'notifications',
] as const;
export type Shot = (typeof SHOTS)[number];

/** Width and height of every screenshot (the script's viewport, at scale 1). */
export const SHOT_SIZE = { width: 1024, height: 640 } as const;

/** What a section is built from besides its text: its anchor, a screenshot, a computed part, a link. */
export interface SectionFrame {
  /** The heading's anchor; the same in every language. */
  id: string;
  shot?: Shot;
  widget?: Widget;
  link?: PortalLink;
}

/** A section's words, from the `manuals` namespace (`<slug>.sections.<id>`). */
export interface SectionText {
  heading: string;
  body?: string[];
  items?: string[];
  steps?: string[];
  note?: string;
}

export type ManualSection = SectionFrame & SectionText;

export interface Manual {
  title: string;
  summary: string;
  portal: PortalLink;
  sections: ManualSection[];
}

/** The manuals' outline: the order of the sections and what each shows beside its text. */
export const MANUAL_FRAMES: Record<ManualSlug, { portal: PortalLink; sections: SectionFrame[] }> = {
  identity_verification: {
    portal: 'profileKyc',
    sections: [
      { id: 'why' },
      { id: 'checklist', shot: 'profile-kyc', link: 'profileKyc' },
      { id: 'documents', shot: 'profile-documents', link: 'profileDocuments' },
      { id: 'photos' },
      { id: 'bank', shot: 'profile-bank', link: 'profileBank' },
      { id: 'submit' },
      { id: 'statuses' },
      { id: 'rejected' },
      { id: 'deadline', shot: 'notifications', link: 'notifications' },
    ],
  },
  organization_management: {
    portal: 'organization',
    sections: [
      { id: 'tree', shot: 'organization-tree', link: 'organization' },
      { id: 'navigate' },
      { id: 'details' },
      { id: 'search' },
      { id: 'invite', shot: 'login' },
      { id: 'wizard', shot: 'organization-wizard' },
      { id: 'placement' },
      { id: 'permanent' },
    ],
  },
  calculation_of_bonusIncome: {
    portal: 'dashboard',
    sections: [
      { id: 'overview', link: 'tables' },
      { id: 'pv', widget: 'packages' },
      { id: 'active', widget: 'activityExample' },
      { id: 'cycle', widget: 'cycleExample', link: 'cycleReport' },
      { id: 'cap', widget: 'capExample' },
      { id: 'points' },
      { id: 'referrer', widget: 'referrerExample', link: 'referrerReport' },
      { id: 'cashback', widget: 'cashbackExample' },
      { id: 'mta', widget: 'mtaExample', link: 'mtaReport' },
      { id: 'titles', widget: 'titles', link: 'titleReport' },
      { id: 'dropship', link: 'dropshipReport' },
      { id: 'cancel' },
    ],
  },
  receiving_bonusIncome: {
    portal: 'dashboard',
    sections: [
      { id: 'states', shot: 'dashboard', link: 'dashboard' },
      { id: 'payday' },
      { id: 'calculation', widget: 'payoutExample' },
      { id: 'minimum' },
      { id: 'tax', link: 'statements' },
      { id: 'blocks', link: 'profileKyc' },
      { id: 'bank', link: 'profileBank' },
      { id: 'help', link: 'contact' },
    ],
  },
};

export interface ManualTexts {
  title: string;
  summary: string;
  sections: Record<string, SectionText>;
}

/** A manual as the reader's language writes it: `texts` is `t(slug, { returnObjects: true })`. */
export function assembleManual(slug: ManualSlug, texts: ManualTexts): Manual {
  const frame = MANUAL_FRAMES[slug];
  return {
    title: texts.title,
    summary: texts.summary,
    portal: frame.portal,
    sections: frame.sections.map((s) => ({ ...s, ...(texts.sections[s.id] ?? { heading: s.id }) })),
  };
}

/** Every `{{name}}` of a manual's text replaced by its value; an unknown name is left out. */
export function fill(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/**
 * The values the manuals' texts name, from the plan in force and the server's settings, formatted
 * for the reader. A new plan version changes them without an edit of the texts.
 */
export function manualVars(
  plan: PublicPlan | undefined,
  company: PublicCompany | undefined,
  lang: Language,
  /** The reader's words for the annualised withholding tax (the manuals' `whtAnnualised`). */
  whtAnnualised = '',
): Record<string, string> {
  const vars: Record<string, string> = {};
  if (company) {
    vars.prePendingDays = formatCount(company.kyc_deadline.pre_pending_days, lang);
    vars.pendingDays = formatCount(company.kyc_deadline.pending_days, lang);
    vars.phone = company.phone;
    vars.line = company.line;
  }
  if (plan) {
    const f = planFigures(plan.params);
    const thb = (v: string) => `฿${formatPoints(v, lang)}`;
    Object.assign(vars, {
      pvThb: thb(f.pvThb),
      referrerPct: `${f.referrerPercent}%`,
      cashbackPct: `${f.cashbackPercent}%`,
      mtaMinPv: formatCount(f.mtaMinPv, lang),
      mtaGenerations: formatCount(f.mtaPercents.length, lang),
      pointSplitPct: `${f.pointSplitPercent}%`,
      activityPv: formatCount(f.activityPv, lang),
      activityDays: formatCount(f.activityDays, lang),
      holdDays: formatCount(f.holdReleaseDays, lang),
      payoutDay: weekdayName(f.payoutWeekday, lang),
      minPayout: thb(f.minPayout),
      // "{{whtPct}} of the gross": a rate, or the annualised method's words (WHT_METHOD, decision 048)
      whtPct: f.whtMethod === 'ANNUALISED' ? whtAnnualised : `${f.whtPercent}%`,
      fee: thb(f.transferFee),
      firstTitle: f.titles[0]?.code ?? '',
    });
  }
  return vars;
}
