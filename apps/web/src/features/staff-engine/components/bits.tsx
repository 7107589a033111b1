import { Badge } from '@mantine/core';
import type { EngineRunType } from '@portal/contracts/engine';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError } from '../../../lib/i18n/messages';
import { useLang } from '../../../lib/i18n/use-lang';
import { refusalText, type Rule } from '../model/rules';
import { durationParts, starterOf } from '../model/runs';
import '../engine-namespace';

const RUN_COLORS: Record<EngineRunType, string> = {
  DAILY: 'teal',
  MTA: 'grape',
  HOLD_DEADLINE: 'gray',
  PAYOUT: 'blue',
};

export function RunTypeBadge({ type }: { type: EngineRunType }) {
  const { t } = useTranslation('engine');
  return (
    <Badge color={RUN_COLORS[type]} variant="light" data-testid="run-type" data-type={type}>
      {t(`runTypes.${type}`)}
    </Badge>
  );
}

/** A run's duration and who started it, in the staff member's language. */
export function useRunText() {
  const { t } = useTranslation('engine');
  return {
    duration: (ms: number | null) => {
      const d = durationParts(ms);
      if (!d) return '–';
      return d.minutes > 0
        ? t('duration.minutes', { minutes: d.minutes, seconds: d.seconds })
        : t('duration.seconds', { seconds: d.seconds });
    },
    /** Who started a run: the staff member's name, or the engine's own starter translated. */
    starter: (run: Parameters<typeof starterOf>[0]) => {
      const s = starterOf(run);
      return s.kind === 'staff' ? s.name : s.kind === 'other' ? s.raw : t(`starters.${s.kind}`);
    },
  };
}

/** A refused desk action in the staff member's language: the plan's known rules with their dates. */
export function useDescribeRefusal(): (error: unknown) => string {
  const { t } = useTranslation('engine');
  const describe = useDescribeError();
  const lang = useLang();
  return (error: unknown) =>
    refusalText(
      error,
      (rule: Rule) =>
        t(`rules.${rule.key}`, {
          value: /^\d{4}-/.test(rule.value) ? formatDate(rule.value, lang, 'long') : rule.value,
        }),
      describe,
    );
}
