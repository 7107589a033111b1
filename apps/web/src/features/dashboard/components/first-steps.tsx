import '../dashboard-namespace';
import {
  Badge,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronRight, IconCircleDashed } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useFirstStepFacts, useSendActivation } from '../api/first-steps';
import { ACCOUNT_STEPS, firstSteps, type FirstStep } from '../model/first-steps';
import classes from './first-steps.module.css';
import { VerifyMobileDialog } from './verify-mobile-dialog';

/** One step: ticked, or a row that leads to where it is done (the next one says why it matters). */
function StepRow({
  step,
  next,
  user,
  unknown,
}: {
  step: FirstStep;
  next: boolean;
  user: User;
  /** its fact is still loading: a placeholder tick, no badge */
  unknown: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const send = useSendActivation();
  const [codeOpen, setCodeOpen] = useState(false);
  const { email } = user;
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {unknown ? (
        <Skeleton height={22} width={22} circle mt={1} style={{ flexShrink: 0 }} />
      ) : (
        <ThemeIcon
          size={22}
          radius="xl"
          variant={step.done ? 'filled' : 'light'}
          color={step.done ? 'teal' : next ? 'brand' : 'gray'}
          aria-hidden="true"
          mt={1}
        >
          {step.done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
        </ThemeIcon>
      )}
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={step.done ? 400 : 600} c={step.done ? 'dimmed' : undefined}>
            {t(`firstSteps.steps.${step.key}.label`)}
          </Text>
          {!unknown && (step.done || next) && (
            <Badge size="xs" variant="light" color={step.done ? 'teal' : 'brand'}>
              {step.done ? t('firstSteps.done') : t('firstSteps.next')}
            </Badge>
          )}
        </Group>
        {next && (
          <Text size="xs" c="dimmed">
            {t(`firstSteps.steps.${step.key}.help`)}
          </Text>
        )}
        {step.action.kind === 'sendActivation' && send.isSuccess && (
          <Text size="xs" c="teal.8" data-testid="first-step-verify-sent">
            {t('firstSteps.sent', { email })}
          </Text>
        )}
      </Stack>
      {!step.done && (
        <IconChevronRight size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      )}
    </Group>
  );
  const rowProps = {
    className: classes.row,
    'data-testid': `first-step-${step.key}`,
    'data-done': step.done,
  };
  if (step.done) return <div {...rowProps}>{content}</div>;
  const { action } = step;
  let row: ReactNode;
  if (action.kind === 'sendActivation')
    row = (
      <UnstyledButton {...rowProps} onClick={() => send.mutate()} disabled={send.isPending}>
        {content}
      </UnstyledButton>
    );
  else if (action.kind === 'verifyMobile')
    row = (
      <>
        <UnstyledButton {...rowProps} onClick={() => setCodeOpen(true)} aria-haspopup="dialog">
          {content}
        </UnstyledButton>
        <VerifyMobileDialog opened={codeOpen} onClose={() => setCodeOpen(false)} mobile={user.mobile} />
      </>
    );
  else if (action.kind === 'anchor')
    row = (
      <UnstyledButton
        {...rowProps}
        component="a"
        href={`#${action.id}`}
        onClick={(event) => {
          const target = document.getElementById(action.id);
          if (!target) return;
          event.preventDefault();
          target.scrollIntoView({ behavior: 'smooth', block: 'start' });
          target.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
        }}
      >
        {content}
      </UnstyledButton>
    );
  else
    row = (
      <UnstyledButton {...rowProps} component={Link} to={action.href}>
        {content}
      </UnstyledButton>
    );
  return (
    <>
      {row}
      {send.isError && <ErrorAlert error={send.error} />}
    </>
  );
}

/**
 * A new member's first steps (issue 23, item 2): verify, KYC, bank, first order, first invitation,
 * each ticked from the member's own state (model/first-steps.ts) and leading to where it is done;
 * gone once all five are done.
 */
export function FirstSteps({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const facts = useFirstStepFacts(user.member !== null);
  if (facts.isError) return <ErrorAlert error={facts.error} onRetry={() => void facts.refetch()} />;
  // While the order and invitation facts load, the list is drawn from what the account already says
  // when that is enough to know it shows (a step of the account not done), with those two steps'
  // ticks as placeholders: the list does not appear later and push the page down (issue 24).
  const pending = facts.isPending;
  const view = firstSteps(user, facts.data ?? { paid_orders: 0, invited: 0 });
  if (pending && view.steps.every((s) => s.done || !ACCOUNT_STEPS.has(s.key))) return null;
  if (view.complete) return null;
  const total = view.steps.length;
  const next = view.steps.find((s) => !s.done)?.key;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="lg" data-testid="first-steps">
      <Group justify="space-between" align="center" gap="xs" mb={6} wrap="wrap">
        <Title order={2} size="h5">
          {t('firstSteps.title')}
        </Title>
        {pending ? (
          <Skeleton height={14} width={96} my={4} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="first-steps-progress">
            {t('firstSteps.progress', { done: view.done, total })}
          </Text>
        )}
      </Group>
      <Progress value={(view.done * 100) / total} size="sm" radius="xl" mb={4} aria-hidden="true" />
      <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {view.steps.map((step) => (
          <li key={step.key}>
            <StepRow
              step={step}
              next={step.key === next}
              user={user}
              unknown={pending && !ACCOUNT_STEPS.has(step.key)}
            />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
