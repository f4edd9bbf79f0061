import {
  AGREEMENT_TEXT_MAX,
  type AgreementRecord,
  addAgreementVersion,
  deleteAgreementVersion,
  formatNumber,
  type Lang,
  listAgreementAcceptances,
  type ManagedAgreementKind,
  WRITTEN_AGREEMENT_KINDS,
  type WrittenAgreementKind,
} from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, Popconfirm, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanCall } from '../../../platform/access';
import { api } from '../../../platform/api';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { Acceptances } from './Acceptances';

/** The kinds written here (the safety terms are written in the kiosk settings). */
const writtenHere = (kind: ManagedAgreementKind): WrittenAgreementKind | null =>
  (WRITTEN_AGREEMENT_KINDS as readonly string[]).includes(kind) ? (kind as WrittenAgreementKind) : null;

/** A link inside a sentence is underlined: told apart from the text by more than its colour (WCAG 1.4.1). */
const INLINE_LINK = { textDecoration: 'underline' } as const;

const versionsKey = (kind: ManagedAgreementKind) => ['privacy', 'agreements', kind] as const;

/** Why a version cannot be deleted, or null when it can (the server's rules: deleteAgreementVersion). */
function keptBecause(kind: ManagedAgreementKind, v: AgreementRecord, all: readonly AgreementRecord[]): 'inUse' | 'only' | 'currentTerms' | null {
  if (v.accepted > 0) return 'inUse';
  if (kind === 'protocol') return v.current ? 'currentTerms' : null;
  return all.filter((x) => x.lang === v.lang).length <= 1 ? 'only' : null;
}

/**
 * One language: the current text, the versions with who accepted them (the count opens the list), and for the face
 * consent a new version checked as typed (the terms are written in the kiosk settings).
 */
function LanguageVersions({ kind, lang, versions }: { kind: ManagedAgreementKind; lang: Lang; versions: AgreementRecord[] }) {
  const { t } = useTranslation();
  const uiLang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ text: string }>();
  const written = writtenHere(kind);
  const canWrite = useCanCall(addAgreementVersion) && written !== null;
  const canDelete = useCanCall(deleteAgreementVersion);
  const canReport = useCanCall(listAgreementAcceptances);
  const [shown, setShown] = useState<AgreementRecord | null>(null);
  const mine = versions.filter((v) => v.lang === lang);
  const current = mine.find((v) => v.current);
  const refresh = () => qc.invalidateQueries({ queryKey: versionsKey(kind) });
  const add = useMutation({
    mutationFn: (text: string) => {
      if (!written) throw new Error(`${kind} is written in the kiosk settings`);
      return api.addAgreementVersion({ kind: written, lang, text }, { silent: 'form' });
    },
    onSuccess: (v) => {
      void message.success(t('privacy.agreements.added', { version: v.version }));
      form.resetFields();
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteAgreementVersion({ id }),
    onSuccess: () => {
      void message.success(t('privacy.agreements.deleted'));
      return refresh();
    },
  });
  return (
    <Flex vertical gap={12}>
      {current ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid={`agreement-current-${lang}`}>
          {current.text}
        </Typography.Paragraph>
      ) : null}
      <Table<AgreementRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={mine}
        columns={[
          {
            title: t('privacy.agreements.version'),
            render: (_, v) => (
              <Flex gap={6}>
                {v.version}
                {v.current ? <Tag color="blue">{t('privacy.agreements.current')}</Tag> : null}
              </Flex>
            ),
          },
          { title: t('privacy.agreements.written'), render: (_, v) => formatDateTime(v.createdAt) },
          { title: t('privacy.agreements.by'), render: (_, v) => v.createdBy || t('privacy.agreements.product') },
          {
            title: t('privacy.agreements.accepted'),
            align: 'right',
            render: (_, v) =>
              canReport && v.accepted > 0 ? (
                <Button type="link" size="small" onClick={() => setShown(v)} data-testid={`acceptances-${v.lang}-${v.version}`}>
                  {formatNumber(v.accepted, uiLang)}
                </Button>
              ) : (
                formatNumber(v.accepted, uiLang)
              ),
          },
          ...(canDelete
            ? [
                {
                  key: 'actions',
                  render: (_: unknown, v: AgreementRecord) => {
                    const kept = keptBecause(kind, v, versions);
                    const button = (
                      <Button size="small" danger disabled={kept !== null} loading={remove.isPending && remove.variables === v.id}>
                        {t('privacy.agreements.delete')}
                      </Button>
                    );
                    if (kept) return <Tooltip title={t(`privacy.agreements.${kept}`)}>{button}</Tooltip>;
                    return (
                      <Popconfirm
                        title={t('privacy.agreements.deleteTitle', { version: v.version })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove.mutateAsync(v.id).catch(() => undefined)}
                      >
                        {button}
                      </Popconfirm>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      {canWrite ? (
        <Form form={form} layout="vertical" onFinish={(v) => add.mutate(v.text)} name={`agreement-${lang}`}>
          <Form.Item
            name="text"
            label={t('privacy.agreements.newText')}
            rules={[
              { required: true, whitespace: true, message: t('privacy.agreements.required') },
              { max: AGREEMENT_TEXT_MAX, message: t('privacy.agreements.tooLong', { max: formatNumber(AGREEMENT_TEXT_MAX, uiLang) }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('privacy.agreements.add')}
          </Button>
        </Form>
      ) : null}
      {kind === 'protocol' ? (
        <Typography.Text type="secondary">
          {t('privacy.agreements.protocol.writtenThere')}{' '}
          <Link to="/setting/padset" style={INLINE_LINK}>
            {t('privacy.agreements.protocol.settings')}
          </Link>
        </Typography.Text>
      ) : null}
      {shown ? <Acceptances version={shown} onClose={() => setShown(null)} /> : null}
    </Flex>
  );
}

/**
 * A text visitors accept, in versions per language: what they are shown, what earlier visitors accepted and who they
 * were. The face consent is written here; the safety terms in the kiosk settings, each change a version.
 */
export function AgreementVersions({ kind }: { kind: ManagedAgreementKind }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: versionsKey(kind), queryFn: () => api.listAgreementVersions({ kind }) });
  const versions = list.data?.versions ?? [];
  const none = kind === 'protocol' && list.isSuccess && versions.length === 0;
  return (
    <Card title={t(`privacy.agreements.${kind}.title`)} loading={list.isLoading} data-testid={`agreement-versions-${kind}`}>
      <Typography.Paragraph type="secondary">{t(`privacy.agreements.${kind}.intro`)}</Typography.Paragraph>
      {none ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              {t('privacy.agreements.protocol.none')}{' '}
              <Link to="/setting/padset" style={INLINE_LINK}>
                {t('privacy.agreements.protocol.settings')}
              </Link>
            </>
          }
        />
      ) : (
        <Tabs
          items={(['zh', 'en'] as const).map((lang) => ({
            key: lang,
            label: t(`privacy.agreements.lang.${lang}`),
            children: <LanguageVersions kind={kind} lang={lang} versions={versions} />,
          }))}
        />
      )}
    </Card>
  );
}
