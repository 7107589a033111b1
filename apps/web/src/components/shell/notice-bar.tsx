import { Anchor, Box, Collapse, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconId, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { SuspensionEntry } from '@portal/contracts/identity';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { isNoticeRead, markNoticeRead } from '../../lib/preferences';
import classes from './notice-bar.module.css';

/** Spec section 9: the KYC icon re-flashes every 6 seconds. */
export const KYC_FLASH_INTERVAL_MS = 6_000;

type Tone = 'red' | 'yellow' | 'teal' | 'blue';

interface Notice {
  /** what "read" is remembered by: a new message (another entry, status or gap) is unread again */
  key: string;
  tone: Tone;
  icon: ReactNode;
  title: string;
  text: string;
  /** the notice's part of the opened bar */
  detail: ReactNode;
}

const SUSPENSION_LOOK: Record<SuspensionEntry['status'], { tone: Tone; Icon: typeof IconLock }> = {
  warning: { tone: 'yellow', Icon: IconAlertTriangle },
  active: { tone: 'red', Icon: IconLock },
  done: { tone: 'red', Icon: IconLock },
  cancelled: { tone: 'teal', Icon: IconInfoCircle },
};

/** The KYC icon; a new key remounts it every 6 s, which restarts its CSS flash. */
function KycIcon() {
  const [flash, setFlash] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFlash((n) => n + 1), KYC_FLASH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span key={flash} className={classes.flash} data-testid="kyc-reminder-icon">
      <IconId size={18} aria-hidden />
    </span>
  );
}

/**
 * The suspension banner and the KYC reminder as ONE bar (issue 11): a single line (the first
 * notice's title and message, cut with an ellipsis, and how many more) that opens on a tap or
 * Enter to show every notice whole. Opening it marks its notices read (remembered in this browser
 * per message); an unread notice is marked "new" on the line.
 */
export function NoticeBar({
  suspension,
  kyc,
}: {
  /** the member's suspension entries, newest first */
  suspension: readonly SuspensionEntry[] | null | undefined;
  /** KYC state, or null when the account has nothing to verify (staff without a member record) */
  kyc: { identity: boolean; bank: boolean } | null;
}) {
  const { t, i18n } = useTranslation('shell');
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const [, setReadVersion] = useState(0);

  const notices: Notice[] = [];
  const entry = suspension?.[0];
  if (entry) {
    const { tone, Icon } = SUSPENSION_LOOK[entry.status] ?? SUSPENSION_LOOK.warning;
    const message =
      i18n.language === 'th' ? entry.message_th || entry.message : entry.message || entry.message_th;
    const title = t(`suspension.${entry.status}`);
    notices.push({
      key: `suspension:${entry.id}:${entry.status}`,
      tone,
      icon: <Icon size={18} aria-hidden />,
      title,
      text: message,
      detail: (
        <div
          className={classes.detail}
          role={entry.status === 'cancelled' ? 'status' : 'alert'}
          data-testid="suspension-banner"
          data-status={entry.status}
        >
          <Text fw={600} size="sm" c={`${tone}.9`}>
            {title}
          </Text>
          <Text size="sm">{message}</Text>
        </div>
      ),
    });
  }
  if (kyc && !(kyc.identity && kyc.bank)) {
    const missing = !kyc.identity && !kyc.bank ? 'both' : !kyc.identity ? 'identity' : 'bank';
    notices.push({
      key: `kyc:${missing}`,
      tone: 'blue',
      icon: <KycIcon />,
      title: t('kyc.title'),
      text: t(`kyc.missing.${missing}`),
      detail: (
        <div className={classes.detail} data-testid="kyc-reminder">
          <Text fw={600} size="sm" c="blue.9">
            {t('kyc.title')}
          </Text>
          <Text size="sm">
            {t(`kyc.missing.${missing}`)}{' '}
            <Anchor component={Link} to={paths.profileDocuments.href()} size="sm" fw={600}>
              {t('kyc.action')}
            </Anchor>
          </Text>
        </div>
      ),
    });
  }

  const first = notices[0];
  if (!first) return null;
  const unread = notices.some((n) => !isNoticeRead(n.key));

  const toggle = () => {
    if (!open) {
      for (const n of notices) markNoticeRead(n.key);
      setReadVersion((v) => v + 1);
    }
    setOpen(!open);
  };

  return (
    <Box
      component="section"
      aria-label={t('notices.label')}
      className={classes.bar}
      data-tone={first.tone}
      data-open={open || undefined}
      data-unread={unread || undefined}
      data-testid="notice-bar"
      style={{ '--notice-tone': `var(--mantine-color-${first.tone}-9)` }}
    >
      <UnstyledButton
        className={classes.summary}
        onClick={toggle}
        aria-expanded={open}
        aria-controls={detailsId}
        data-testid="notice-toggle"
      >
        <span className={classes.icons}>
          {notices.map((n) => (
            <span key={n.key} className={classes.icon} style={{ color: `var(--mantine-color-${n.tone}-9)` }}>
              {n.icon}
            </span>
          ))}
        </span>
        <span className={classes.line} data-testid="notice-line">
          <span className={classes.title}>{first.title}</span> {first.text}
        </span>
        {notices.length > 1 && (
          <span className={classes.more}>{t('notices.more', { count: notices.length - 1 })}</span>
        )}
        {unread && <span className={classes.new}>{t('notices.new')}</span>}
        <IconChevronDown size={18} className={classes.chevron} aria-hidden />
      </UnstyledButton>
      <Collapse expanded={open} id={detailsId}>
        <div className={classes.details}>
          {notices.map((n) => (
            <Box key={n.key}>{n.detail}</Box>
          ))}
        </div>
      </Collapse>
    </Box>
  );
}
