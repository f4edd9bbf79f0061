import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  type AgreementTexts,
  type CallOutput,
  exportMyData,
  type Lang,
  type myPrivacyData,
  RETENTION_KINDS,
  type RetentionKind,
  retentionPurposes,
  Status,
} from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Flex, Form, Input, Modal, Radio, Result, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, downloadFile } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { formatDate, formatDateTime } from '../../../platform/format';
import { useRules } from '../../../platform/formRules';
import { useAdoptedLanguage, useLang } from '../../../platform/i18n';
import { PersonRecordsTable } from '../components/PersonRecordsTable';

type Mine = CallOutput<typeof myPrivacyData>;
type Via = 'phone' | 'email';

/** Statuses this page words itself: a link that is none (or a pass that ended), a wrong code. */
const SILENT: readonly number[] = [Status.INVALID_LINK, Status.SMS_CODE_WRONG, Status.BAD_PARAMS];
const statusOf = (err: unknown) => (err instanceof ApiError && !err.isTransport ? err.status : null);
/** The pass lives in this tab only, for its 30 minutes: a reload keeps it, closing the tab forgets it. */
const PASS_KEY = 'openvisit.privacyPass';

/**
 * /my-data?c=<link> — the visitor's own privacy page, linked from invitations, badges, the kiosk and mails: they prove
 * their phone or e-mail with a code, then see what the company holds about them, for how long and why, download it,
 * ask for its erasure and withdraw their face (docs/modules/privacy.md).
 */
export function MyDataPage() {
  const { t } = useTranslation();
  const c = useSearchParams()[0].get('c') ?? '';
  const page = useQuery({
    queryKey: ['privacyPage', c],
    queryFn: () => api.privacyPage({ c }, { silent: SILENT }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [pass, setPass] = useState<string | null>(() => sessionStorage.getItem(PASS_KEY));
  const [ended, setEnded] = useState(false);
  const keep = (p: string | null) => {
    if (p) sessionStorage.setItem(PASS_KEY, p);
    else sessionStorage.removeItem(PASS_KEY);
    setPass(p);
  };
  // The page speaks the company's language unless the reader picked one on this browser.
  useAdoptedLanguage(page.data?.lang);

  if (page.isPending) return <Result icon={<Spin size="large" />} />;
  if (!page.data)
    return statusOf(page.error) === Status.INVALID_LINK || statusOf(page.error) === Status.BAD_PARAMS ? (
      <Result status="warning" title={t('privacy.mine.invalid')} />
    ) : (
      <Result status="error" title={t('http.linkError')} extra={<Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>} />
    );
  const { company } = page.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('privacy.mine.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('privacy.mine.intro', { company })}</Typography.Paragraph>
      </div>
      <NoticeCard notice={page.data.notice} />
      {ended ? <Alert type="info" showIcon message={t('privacy.mine.ended')} /> : null}
      {pass ? (
        <MyData
          pass={pass}
          company={company}
          onEnded={() => {
            keep(null);
            setEnded(true);
          }}
        />
      ) : (
        <Prove
          c={c}
          company={company}
          phone={page.data.channels.phone}
          onPass={(p) => {
            setEnded(false);
            keep(p);
          }}
        />
      )}
    </Flex>
  );
}

/** The company's privacy notice in the reader's language, folded: what it collects, why and for how long. */
function NoticeCard({ notice }: { notice: AgreementTexts }) {
  const { t } = useTranslation();
  const text = notice[useLang()];
  return (
    <Collapse
      data-testid="privacy-notice"
      items={[
        {
          key: 'notice',
          label: t('privacy.mine.notice', { version: text.version }),
          children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text.text}</Typography.Paragraph>,
        },
      ]}
    />
  );
}

/** Step one: a code to the phone or e-mail, then the code for a pass. */
function Prove({ c, company, phone, onPass }: { c: string; company: string; phone: boolean; onPass: (pass: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rules = useRules();
  const [form] = Form.useForm<{ via: Via; value: string; code: string }>();
  const via = Form.useWatch('via', form) ?? 'email';
  const [sentTo, setSentTo] = useState<{ via: Via; value: string } | null>(null);
  const send = useMutation({
    mutationFn: (v: { via: Via; value: string }) => api.sendPrivacyCode({ c, [v.via]: v.value, lang }, { silent: SILENT }),
    onSuccess: (_r, v) => setSentTo(v),
  });
  const open = useMutation({
    mutationFn: (code: string) =>
      sentTo ? api.openPrivacyData({ c, [sentTo.via]: sentTo.value, code }, { silent: SILENT }) : Promise.reject(new Error('no code sent')),
    onSuccess: (r) => onPass(r.pass),
    onError: (err) => {
      if (statusOf(err) === Status.SMS_CODE_WRONG) form.setFields([{ name: 'code', errors: [t('privacy.mine.wrongCode')] }]);
    },
  });
  return (
    <Card>
      <Form
        form={form}
        name="privacyProve"
        layout="vertical"
        initialValues={{ via: 'email', value: '', code: '' }}
        onFinish={(v) => (sentTo ? open.mutate(v.code.trim()) : send.mutate({ via: v.via, value: v.value.trim() }))}
      >
        <Form.Item name="via" label={t('privacy.mine.by')}>
          <Radio.Group
            disabled={sentTo !== null}
            options={[{ value: 'email', label: t('privacy.mine.email') }, ...(phone ? [{ value: 'phone', label: t('privacy.mine.phone') }] : [])]}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t(via === 'phone' ? 'privacy.people.keys.phone' : 'privacy.people.keys.email')}
          rules={via === 'phone' ? rules.phone() : rules.email()}
          validateFirst
        >
          <Input disabled={sentTo !== null} autoComplete={via === 'phone' ? 'tel' : 'email'} style={{ maxWidth: 360 }} />
        </Form.Item>
        {sentTo ? (
          <>
            <Alert type="success" showIcon message={t('privacy.mine.sent', { company })} style={{ marginBottom: 16 }} />
            <Form.Item
              name="code"
              label={t('privacy.mine.code')}
              rules={[...rules.required(), { pattern: /^\s*\d{6}\s*$/, message: t('privacy.mine.wrongCode') }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} style={{ maxWidth: 200 }} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={open.isPending}>
                {t('privacy.mine.open')}
              </Button>
              <Button onClick={() => setSentTo(null)}>{t('privacy.mine.send')}</Button>
            </Space>
          </>
        ) : (
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('privacy.mine.send')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

/** Step two: what is held, for how long and why; the download, the erasure request, the face. */
function MyData({ pass, company, onEnded }: { pass: string; company: string; onEnded: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const key = ['myPrivacyData', pass];
  const mine = useQuery({ queryKey: key, queryFn: () => api.myPrivacyData({ pass }, { silent: SILENT }), retry: false });
  const ended = (err: unknown) => {
    if (statusOf(err) === Status.INVALID_LINK) onEnded();
  };
  useEffect(() => ended(mine.error));
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(exportMyData, { pass, lang }, { silent: SILENT });
      void message.success(t('privacy.mine.downloaded'));
    } catch (err) {
      ended(err);
    } finally {
      setDownloading(false);
    }
  };
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const ask = useMutation({ mutationFn: () => api.requestErasure({ pass }, { silent: SILENT }), onSuccess: refresh, onError: ended });
  const withdraw = useMutation({
    mutationFn: () => api.withdrawFaceConsent({ pass }, { silent: SILENT }),
    onSuccess: (r) => {
      void message.success(t('privacy.mine.withdrawn', { count: r.removed }));
      void refresh();
    },
    onError: ended,
  });
  if (!mine.data) return <Spin />;
  const m = mine.data;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('privacy.mine.signedInAs', { key: m.key })}</Typography.Text>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={downloading} disabled={!m.records.length} onClick={() => void download()}>
            {t('privacy.mine.download')}
          </Button>
          <Button onClick={onEnded}>{t('privacy.mine.leave')}</Button>
        </Space>
      </Flex>
      <Card title={t('privacy.mine.records', { company })}>
        {m.records.length ? <PersonRecordsTable records={m.records} /> : <Typography.Text>{t('privacy.mine.nothing', { company })}</Typography.Text>}
      </Card>
      <Card title={t('privacy.mine.retention')}>
        <Table<RetentionKind>
          rowKey={(k) => k}
          size="small"
          pagination={false}
          dataSource={[...RETENTION_KINDS]}
          columns={[
            { key: 'kind', title: t('privacy.mine.kind'), render: (_, k) => t(`privacy.kinds.${k}`) },
            {
              key: 'kept',
              title: t('privacy.mine.kept'),
              render: (_, k) => (m.retention[k] ? t('privacy.mine.keptDays', { count: m.retention[k] }) : t('privacy.mine.keptAtSignOut')),
            },
            { key: 'why', title: t('privacy.mine.why'), render: (_, k) => retentionPurposes[k][lang as Lang] },
          ]}
        />
      </Card>
      <Card title={t('privacy.mine.faces')}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text>{m.faces ? t('privacy.mine.faces', { count: m.faces }) : t('privacy.mine.noFaces')}</Typography.Text>
          {m.faces ? (
            <ConfirmButton
              label={t('privacy.mine.withdraw')}
              title={t('privacy.mine.withdrawTitle')}
              text={t('privacy.mine.withdrawText')}
              ok={t('privacy.mine.withdrawConfirm')}
              busy={withdraw.isPending}
              onConfirm={() => withdraw.mutateAsync()}
            />
          ) : null}
        </Flex>
      </Card>
      <Card title={t('privacy.mine.erasure')}>
        <Erasure mine={m} busy={ask.isPending} onAsk={() => ask.mutateAsync()} />
      </Card>
    </>
  );
}

function Erasure({ mine, busy, onAsk }: { mine: Mine; busy: boolean; onAsk: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const r = mine.request;
  const at = r ? formatDateTime(r.requestedAt) : '';
  const state =
    r?.state === 'pending'
      ? r.dueAt
        ? t('privacy.mine.pendingDue', { at, due: formatDate(r.dueAt) })
        : t('privacy.mine.pending', { at })
      : r?.state === 'done'
        ? t('privacy.mine.done', { at, decided: r.decidedAt ? formatDateTime(r.decidedAt) : '' })
        : r?.state === 'refused'
          ? t('privacy.mine.refused', { at, reason: r.reason })
          : null;
  return (
    <Flex vertical gap={12} align="flex-start">
      <Typography.Text>
        {t('privacy.mine.erasureIntro')}{' '}
        {mine.erasureAutoDays ? t('privacy.mine.erasureAuto', { count: mine.erasureAutoDays }) : t('privacy.mine.erasureManual')}
      </Typography.Text>
      {state ? <Alert type={r?.state === 'refused' ? 'warning' : 'info'} showIcon message={state} /> : null}
      {r?.state !== 'pending' && mine.records.length ? (
        <ConfirmButton
          label={t(r ? 'privacy.mine.askAgain' : 'privacy.mine.ask')}
          title={t('privacy.mine.askTitle')}
          text={t('privacy.mine.askText')}
          ok={t('privacy.mine.askConfirm')}
          busy={busy}
          onConfirm={onAsk}
        />
      ) : null}
    </Flex>
  );
}

/** A danger button that asks first. */
function ConfirmButton(p: { label: string; title: string; text: string; ok: string; busy: boolean; onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {p.label}
      </Button>
      <Modal
        open={open}
        title={p.title}
        okText={p.ok}
        okButtonProps={{ danger: true, loading: p.busy }}
        onOk={() =>
          p
            .onConfirm()
            .then(() => setOpen(false))
            .catch(() => setOpen(false))
        }
        onCancel={() => setOpen(false)}
      >
        {p.text}
      </Modal>
    </>
  );
}
