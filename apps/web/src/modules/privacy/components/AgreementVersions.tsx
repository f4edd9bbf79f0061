import { AGREEMENT_TEXT_MAX, type AgreementRecord, addAgreementVersion, deleteAgreementVersion, formatNumber, type Lang } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { api } from '../../../platform/api';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';

const versionsKey = ['privacy', 'agreements', 'face'] as const;

/** Why a version cannot be deleted, or null when it can. */
function keptBecause(v: AgreementRecord, all: readonly AgreementRecord[]): 'inUse' | 'only' | null {
  if (v.accepted > 0) return 'inUse';
  return all.filter((x) => x.lang === v.lang).length <= 1 ? 'only' : null;
}

/** One language: the current text, the versions with who accepted them, and a new version checked as typed. */
function LanguageVersions({ lang, versions }: { lang: Lang; versions: AgreementRecord[] }) {
  const { t } = useTranslation();
  const uiLang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ text: string }>();
  const canWrite = useCanCall(addAgreementVersion);
  const canDelete = useCanCall(deleteAgreementVersion);
  const mine = versions.filter((v) => v.lang === lang);
  const current = mine.find((v) => v.current);
  const refresh = () => qc.invalidateQueries({ queryKey: versionsKey });
  const add = useMutation({
    mutationFn: (text: string) => api.addAgreementVersion({ kind: 'face', lang, text }, { silent: 'form' }),
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
          { title: t('privacy.agreements.accepted'), align: 'right', render: (_, v) => formatNumber(v.accepted, uiLang) },
          ...(canDelete
            ? [
                {
                  key: 'actions',
                  render: (_: unknown, v: AgreementRecord) => {
                    const kept = keptBecause(v, versions);
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
    </Flex>
  );
}

/** The face consent's versions in each language: what visitors are shown, what earlier visitors accepted. */
export function AgreementVersions() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: versionsKey, queryFn: () => api.listAgreementVersions({ kind: 'face' }) });
  const versions = list.data?.versions ?? [];
  return (
    <Card title={t('privacy.agreements.title')} loading={list.isLoading} data-testid="agreement-versions">
      <Typography.Paragraph type="secondary">{t('privacy.agreements.intro')}</Typography.Paragraph>
      <Tabs
        items={(['zh', 'en'] as const).map((lang) => ({
          key: lang,
          label: t(`privacy.agreements.lang.${lang}`),
          children: <LanguageVersions lang={lang} versions={versions} />,
        }))}
      />
    </Card>
  );
}
