import {
  CheckOutlined,
  CloseOutlined,
  CreditCardOutlined,
  EyeOutlined,
  IdcardOutlined,
  LoginOutlined,
  LogoutOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { type Visit, visitTypeText } from '@openvisit/contract';
import { Alert, App, Badge, Button, Card, Flex, Input, Popconfirm, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisitStatusTag } from '../../../core/visits/public';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { CellText, choice, defineListParams, ListTable, text as textParam, useListPage, useListQuery } from '../../../platform/list';
import { useBlacklistAlerts, useCheckIn, useDecide, useSignOut, useTodayTab } from '../api.reception';
import { BadgeDialog } from '../components/BadgeDialog';
import { CardDialog } from '../components/CardDialog';
import { ResidentSignIn } from '../components/ResidentSignIn';
import { VisitDrawer } from '../components/VisitDrawer';
import { deskActions, TODAY_TABS, type TodayTab } from '../today';

/** The tab, the lookup and the page, kept in the URL. */
const todayParams = defineListParams({ tab: choice(TODAY_TABS, 'walkin'), q: textParam() });
/** The blacklist refusal: worded neutrally, as at the kiosk. */
const BLACKLISTED = 66;

/**
 * The front desk's home: today's visitors in tabs (walk-ins, appointments, invitations, on site now, cards to issue,
 * signed out), a lookup by phone, name or certificate number, refreshed every 30 s and on focus, with the actions each record's status allows.
 */
export function TodayPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const query = useListQuery(todayParams);
  const { tab, q: lookup, page, size } = query.values;
  const [text, setText] = useState(lookup);
  const [open, setOpen] = useState<number | null>(null);
  const [badge, setBadge] = useState<number | null>(null);
  const [card, setCard] = useState<Visit | null>(null);
  const day = dayjs().format(DAY_FORMAT);
  const list = useTodayTab(tab, day, lookup, page, size);
  const table = useListPage(query, list, { background: true });
  const alerts = useBlacklistAlerts();
  const checkIn = useCheckIn();
  const signOut = useSignOut();
  const decide = useDecide();

  const run = async (v: Visit, action: 'checkIn' | 'signOut' | 'approve' | 'reject') => {
    try {
      if (action === 'checkIn') await checkIn.mutateAsync({ vid: v.vid, code: v.code });
      else if (action === 'signOut') await signOut.mutateAsync(v.vid);
      else await decide.mutateAsync({ vid: v.vid, event: action });
      message.success(t(`reception.done.${action}`, { name: v.vname }));
    } catch (e) {
      if (e instanceof ApiError && e.status === BLACKLISTED) message.warning(t('reception.refused'));
    }
  };

  const actions = (v: Visit) => (
    <Space size={4} wrap>
      {deskActions(v).map((a) =>
        a === 'badge' ? (
          <Button key={a} size="small" icon={<IdcardOutlined />} onClick={() => setBadge(v.vid)}>
            {t('reception.actions.badge')}
          </Button>
        ) : a === 'card' ? (
          <Button key={a} size="small" icon={<CreditCardOutlined />} onClick={() => setCard(v)} data-testid={`card-${v.vid}`}>
            {v.cardNo || t('reception.actions.card')}
          </Button>
        ) : a === 'approve' ? (
          <Button key={a} size="small" icon={<CheckOutlined />} onClick={() => void run(v, a)}>
            {t('reception.actions.approve')}
          </Button>
        ) : (
          <Popconfirm
            key={a}
            title={t(
              a === 'checkIn'
                ? 'reception.actions.checkInConfirm'
                : a === 'signOut'
                  ? 'reception.actions.signOutConfirm'
                  : 'reception.actions.rejectConfirm',
              {
                name: v.vname,
              },
            )}
            onConfirm={() => run(v, a)}
          >
            <Button
              size="small"
              type={a === 'checkIn' ? 'primary' : 'default'}
              danger={a === 'reject'}
              icon={a === 'checkIn' ? <LoginOutlined /> : a === 'signOut' ? <LogoutOutlined /> : <CloseOutlined />}
            >
              {t(`reception.actions.${a}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      <Button
        type="text"
        size="small"
        icon={<EyeOutlined />}
        aria-label={t('reception.actions.detail', { name: v.vname })}
        onClick={() => setOpen(v.vid)}
      />
    </Space>
  );

  const data = list.data;
  return (
    <>
      <PageHeader
        title={t('reception.title')}
        extra={<Typography.Text type="secondary">{t('reception.intro')}</Typography.Text>}
        actions={
          <Space wrap>
            <ResidentSignIn onBadge={setBadge} />
            <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
              {t('reception.refresh')}
            </Button>
          </Space>
        }
      />
      {alerts.data?.count ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="blacklist-alerts"
          title={t('reception.alerts.title', { count: alerts.data.count })}
          description={alerts.data.list
            .slice(0, 5)
            .map((a) => t('reception.alerts.line', { name: a.objName, time: formatDateTime(a.oTime), by: a.optName }))
            .join('; ')}
        />
      ) : null}
      <Card>
        <Flex vertical gap={12}>
          <Input.Search
            style={{ maxWidth: 320 }}
            allowClear
            placeholder={t('reception.lookup')}
            aria-label={t('reception.lookup')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!e.target.value && lookup) query.set({ q: '' });
            }}
            onSearch={(v) => query.set({ q: v.trim() })}
          />
          <Tabs
            activeKey={tab}
            onChange={(k) => query.set({ tab: k as TodayTab })}
            items={TODAY_TABS.map((k) => ({
              key: k,
              label:
                k === tab && data ? (
                  <Badge count={data.count} offset={[10, -2]} size="small" color="blue" showZero>
                    {t(`reception.tabs.${k}`)}
                  </Badge>
                ) : (
                  t(`reception.tabs.${k}`)
                ),
            }))}
          />
          <ListTable<Visit>
            rowKey="vid"
            {...table.props}
            pending={false}
            empty={lookup ? t('reception.emptyLookup') : t('reception.empty')}
            totalText={(n) => t('reception.total', { count: n })}
            columns={[
              {
                title: t('reception.columns.visitor'),
                key: 'vname',
                kind: 'name',
                render: (_v, v) => (
                  <>
                    <CellText>
                      <Typography.Text strong>{v.vname}</Typography.Text>
                    </CellText>
                    <CellText secondary>{visitTypeText(v.visitType, lang)}</CellText>
                  </>
                ),
              },
              { title: t('reception.columns.phone'), dataIndex: 'vphone', kind: 'phone' },
              { title: t('reception.columns.company'), dataIndex: 'vcompany', kind: 'text' },
              { title: t('reception.columns.host'), dataIndex: 'empName', kind: 'name' },
              { title: t('reception.columns.status'), key: 'status', kind: 'tag', render: (_v, v) => <VisitStatusTag status={v.status} /> },
              {
                title: t('reception.columns.time'),
                key: 'time',
                kind: 'dateTime',
                render: (_v, v) => formatDateTime(v.status === 'signedOut' ? v.signOutDate : (v.visitdate ?? v.appointmentDate)),
              },
              { title: t('reception.columns.actions'), key: 'actions', kind: 'actions', width: 264, render: (_v, v) => actions(v) },
            ]}
          />
        </Flex>
      </Card>
      <VisitDrawer vid={open} onClose={() => setOpen(null)} />
      <BadgeDialog vid={badge} onClose={() => setBadge(null)} />
      <CardDialog visit={card} onClose={() => setCard(null)} />
    </>
  );
}
