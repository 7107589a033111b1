import './organization-namespace';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowUp, IconHome, IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { DEFAULT_DOWNLINE_DEPTH } from '@portal/contracts/downline';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { isApiError } from '../../lib/http/errors';
import { paths } from '../../lib/paths';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useDownlineSummary } from '../../lib/downline-summary';
import { useDownlineTree } from './api/downline-tree';
import { useNetworkMe } from '../../lib/network-me';
import { MemberSearch } from './components/member-search';
import { PathTrail } from './components/path-trail';
import { TeamStrip } from './components/team-strip';
import { TreeCanvas } from './components/tree-canvas';
import { TreeList } from './components/tree-list';
import { TreeLegend } from './components/tree-legend';
import { AddMemberWizard } from './components/wizard/add-member-wizard';
import { fullName } from './model/format';
import { readTop, withTop } from './model/search-params';
import { layoutTree, toTreeData, type EmptyDatum } from './model/tree-model';
import type { SlotChoice } from './model/wizard';
import { useNarrow } from '../../lib/use-narrow';

/** A phone's tree: the top and its two children, which fit its width at a readable zoom (issue 23). */
const PHONE_DEPTH = 1;
/** A phone's list: two levels below the top, each a list. */
const PHONE_LIST_DEPTH = 2;

export default function OrganizationPage() {
  const { t, i18n } = useTranslation('organization');
  useDocumentTitle(t('title'));
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const navigate = useNavigate();
  // Set by the wizard's "view in the tree": the member just placed, to highlight.
  const placedId = (useLocation().state as { placed?: number } | null)?.placed ?? null;
  const [params, setParams] = useSearchParams();
  const me = useNetworkMe();
  const myId = me.data?.id ?? null;
  const placed = me.data?.is_placed ?? false;
  const topId = readTop(params) ?? myId;
  // Four levels on a wide screen; on a phone two in the tree (what fits its width) or three as lists.
  const narrow = useNarrow('xs');
  const [view, setView] = useState<'tree' | 'list'>('tree');
  const tree = useDownlineTree(
    placed ? topId : null,
    narrow ? (view === 'list' ? PHONE_LIST_DEPTH : PHONE_DEPTH) : DEFAULT_DOWNLINE_DEPTH,
  );
  const summary = useDownlineSummary();
  const [wizard, setWizard] = useState<{ preset: SlotChoice | null } | null>(null);

  const layout = useMemo(() => (tree.data ? layoutTree(toTreeData(tree.data)) : null), [tree.data]);

  const goTop = (id: number | null) => setParams(withTop(params, id, myId));
  const canAdd = summary.data?.can_add_team ?? false;
  const path = tree.data?.path ?? [];
  const atMyTop = topId === myId;
  const upline = path.at(-1);

  const openWizard = (slot: EmptyDatum | null) =>
    setWizard({
      preset: slot
        ? {
            uplineId: slot.upline.id,
            uplineCode: slot.upline.member_code,
            uplineName: fullName(slot.upline),
            position: slot.position,
            source: 'tree',
          }
        : null,
    });

  const header = (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={2} style={{ flex: '1 1 260px' }}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('subtitle')}
        </Text>
      </Stack>
      {placed && (
        <Tooltip
          label={t('toolbar.cannotAdd')}
          disabled={canAdd || summary.isPending}
          withArrow
          multiline
          w={240}
        >
          <Button
            leftSection={<IconUserPlus size={18} />}
            onClick={() => openWizard(null)}
            disabled={!canAdd}
            data-testid="org-add-member"
          >
            {t('toolbar.add')}
          </Button>
        </Tooltip>
      )}
    </Group>
  );

  if (me.isPending) return <PageLoader minHeight={420} />;
  if (me.isError || myId === null || !placed) {
    const missing = isApiError(me.error) && me.error.httpStatus === 404;
    return (
      <Stack gap="lg">
        {header}
        {me.isError && !missing ? (
          <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />
        ) : (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={20} />}
            data-testid="org-not-placed"
          >
            {missing ? t('tree.noMember') : t('tree.notPlaced')}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {header}
      {summary.data && <TeamStrip summary={summary.data} lang={lang} />}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <MemberSearch label={t('search.label')} onPick={(hit) => goTop(hit.id)} />
        </div>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconHome size={16} />}
            disabled={atMyTop}
            onClick={() => goTop(null)}
            data-testid="org-my-top"
          >
            {t('toolbar.myTop')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowUp size={16} />}
            // While the next top loads, the tree shown (and its upline) is still the previous one.
            disabled={atMyTop || !upline || tree.isPlaceholderData}
            onClick={() => upline && goTop(upline.id)}
            data-testid="org-up-one"
          >
            {t('toolbar.upOne')}
          </Button>
        </Group>
      </Group>

      {tree.data && <PathTrail path={path} top={tree.data.top} myId={myId} onPick={goTop} />}

      {tree.isPending ? (
        <PageLoader minHeight={420} />
      ) : tree.isError && !tree.data ? (
        isApiError(tree.error) && tree.error.httpStatus === 404 ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoCircle size={20} />}
            data-testid="org-not-found"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('tree.notFound')}</Text>
              <Button size="xs" variant="white" onClick={() => goTop(null)}>
                {t('toolbar.myTop')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <ErrorAlert error={tree.error} onRetry={() => void tree.refetch()} />
        )
      ) : layout && tree.data ? (
        <>
          {/* A phone may read the same levels as lists: whole names, no panning. */}
          {narrow && (
            <SegmentedControl
              fullWidth
              value={view}
              onChange={(v) => setView(v === 'list' ? 'list' : 'tree')}
              aria-label={t('view.label')}
              data={[
                { value: 'tree', label: t('view.tree') },
                { value: 'list', label: t('view.list') },
              ]}
              data-testid="org-view"
            />
          )}
          {narrow && view === 'list' ? (
            <TreeList layout={layout} lang={lang} canAdd={canAdd} onMakeTop={goTop} onAddAt={openWizard} />
          ) : (
            <>
              <TreeCanvas
                layout={layout}
                topId={tree.data.top.id}
                lang={lang}
                canAdd={canAdd}
                busy={tree.isFetching}
                highlightId={placedId}
                onMakeTop={goTop}
                onAddAt={openWizard}
              />
              <Group justify="space-between" gap="xs" wrap="wrap">
                <TreeLegend />
                <Text size="xs" c="dimmed">
                  {t('tree.hint')}
                </Text>
              </Group>
            </>
          )}
        </>
      ) : null}

      {wizard && (
        <AddMemberWizard
          preset={wizard.preset}
          treeSlots={layout?.emptySlots ?? []}
          defaultUpline={
            tree.data
              ? { id: tree.data.top.id, code: tree.data.top.member_code, name: fullName(tree.data.top) }
              : { id: myId, code: me.data.member_code, name: fullName(me.data) }
          }
          lang={lang}
          onClose={() => setWizard(null)}
          onViewInTree={(uplineId, memberId) => {
            setWizard(null);
            void navigate(paths.organization.href(uplineId === myId ? null : uplineId), {
              state: { placed: memberId },
            });
          }}
        />
      )}
    </Stack>
  );
}
