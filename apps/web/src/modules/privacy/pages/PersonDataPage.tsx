import { DeleteOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type CallOutput,
  erasePerson,
  exportPersonData,
  type Lang,
  PERSON_SOURCES,
  type PersonFound,
  personSourceLabels,
  withColon,
} from '@openvisit/contract';
import { Alert, App, Button, Card, Checkbox, Empty, Flex, Form, Input, Modal, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { applyFieldErrors } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { useLang } from '../../../platform/i18n';
import { useListExport } from '../../../platform/list';
import { type FindKey, type PersonKey, useErasePerson, usePerson } from '../api';
import { ErasureRequests } from '../components/ErasureRequests';
import { PersonRecordsTable } from '../components/PersonRecordsTable';

type Erasure = CallOutput<typeof erasePerson>;
type Candidate = NonNullable<PersonFound['candidates']>[number];

type KeyKind = 'phone' | 'email' | 'credentialNo' | 'name';
const CREDENTIAL = /^[A-Za-z0-9 -]{1,40}$/;

/**
 * Settings › personal data requests: find everything held about a person by phone, e-mail or certificate number,
 * download it for them, erase it after confirming (issue 41, docs/modules/privacy.md).
 */
export function PersonDataPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ kind: KeyKind; value: string }>();
  const kind = Form.useWatch('kind', form) ?? 'phone';
  const [key, setKey] = useState<FindKey | null>(null);
  const found = usePerson(key);
  useEffect(() => {
    if (found.error) applyFieldErrors(form, found.error, { phone: 'value', email: 'value', credentialNo: 'value' });
  }, [found.error, form]);
  const valueRules =
    kind === 'phone'
      ? rules.phone()
      : kind === 'email'
        ? rules.email()
        : kind === 'name'
          ? rules.personName()
          : [...rules.required(), { pattern: CREDENTIAL, message: t('privacy.people.credentialFormat') }];
  const search = ({ kind: k, value }: { kind: KeyKind; value: string }) => {
    const next = { [k]: value.trim() } as FindKey;
    // Searching again for the same person asks again: they may have signed out or been added to since.
    if (JSON.stringify(next) === JSON.stringify(key)) void found.refetch();
    else setKey(next);
  };
  /** A candidate of a name search, opened by its key (the first it has of phone, e-mail, ID number). */
  const open = (c: Candidate) => {
    const [k, value] = c.phone ? (['phone', c.phone] as const) : c.email ? (['email', c.email] as const) : (['credentialNo', c.idNumber] as const);
    form.setFieldsValue({ kind: k, value });
    setKey({ [k]: value } as PersonKey);
  };
  return (
    <>
      <PageHeader title={t('privacy.people.title')} extra={<Typography.Text type="secondary">{t('privacy.people.intro')}</Typography.Text>} />
      <Flex vertical gap={16}>
        <Card>
          <Form form={form} name="personSearch" layout="inline" initialValues={{ kind: 'phone', value: '' }} onFinish={search}>
            <Form.Item name="kind" label={t('privacy.people.by')}>
              <Select
                style={{ width: 160 }}
                onChange={() => form.setFields([{ name: 'value', errors: [] }])}
                options={(['phone', 'email', 'credentialNo', 'name'] as const).map((k) => ({ value: k, label: t(`privacy.people.keys.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="value" label={t(`privacy.people.keys.${kind}`)} rules={valueRules} validateFirst>
              <Input style={{ width: 260 }} allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={found.isFetching}>
                {t('privacy.people.search')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
        {key === null ? null : found.isPending ? (
          <Spin />
        ) : found.data?.candidates ? (
          <Candidates candidates={found.data.candidates} onOpen={open} />
        ) : found.data && !('name' in key) ? (
          <PersonResult personKey={key} found={found.data} />
        ) : null}
        <ErasureRequests
          onLook={(r) => {
            const k = r.key.includes('@') ? 'email' : 'phone';
            form.setFieldsValue({ kind: k, value: r.key });
            setKey({ [k]: r.key } as PersonKey);
          }}
        />
      </Flex>
    </>
  );
}

function PersonResult({ personKey, found }: { personKey: PersonKey; found: PersonFound }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { exporting, run } = useListExport();
  const canErase = useCanCall(erasePerson);
  const [exportLang, setExportLang] = useState<Lang>(lang);
  const [erased, setErased] = useState<Erasure | null>(null);
  if (!found.records.length)
    return (
      <Card>
        {erased ? <Erased result={erased} /> : null}
        <Empty description={t('privacy.people.nothing')} />
      </Card>
    );
  const keys = [...found.keys.phones, ...found.keys.emails, ...found.keys.idNumbers];
  return (
    <Card
      title={found.names.join(', ') || t('privacy.people.unnamed')}
      extra={
        <Space wrap>
          <Select<Lang>
            aria-label={t('privacy.people.exportLang')}
            value={exportLang}
            onChange={setExportLang}
            options={[
              { value: 'zh', label: '中文' },
              { value: 'en', label: 'English' },
            ]}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void run(exportPersonData, { ...personKey, lang: exportLang }, t('privacy.people.exported'))}
          >
            {t('privacy.people.export')}
          </Button>
          {canErase ? <EraseButton personKey={personKey} found={found} onErased={setErased} /> : null}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <div>
          <Typography.Text type="secondary">{t('privacy.people.keysFound')} </Typography.Text>
          {keys.map((k) => (
            <Tag key={k}>{k}</Tag>
          ))}
          {found.logEntries ? (
            <Typography.Text type="secondary"> · {t('privacy.people.logEntries', { count: found.logEntries })}</Typography.Text>
          ) : null}
        </div>
        <PersonRecordsTable records={found.records} />
      </Flex>
    </Card>
  );
}

/** The people of a name: each with its keys and where it was found, opened by its key. */
function Candidates({ candidates, onOpen }: { candidates: readonly Candidate[]; onOpen: (c: Candidate) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card title={t('privacy.people.candidates', { count: candidates.length })}>
      <Table<Candidate>
        rowKey={(c) => [c.phone, c.email, c.idNumber].join('|')}
        size="small"
        pagination={false}
        dataSource={[...candidates]}
        locale={{ emptyText: <Empty description={t('privacy.people.nothing')} /> }}
        columns={[
          { key: 'name', title: t('privacy.people.keys.name'), dataIndex: 'name' },
          { key: 'phone', title: t('privacy.people.keys.phone'), dataIndex: 'phone' },
          { key: 'email', title: t('privacy.people.keys.email'), dataIndex: 'email' },
          { key: 'idNumber', title: t('privacy.people.keys.credentialNo'), dataIndex: 'idNumber' },
          { key: 'sources', title: t('privacy.people.source'), render: (_, c) => c.sources.map((s) => personSourceLabels[s][lang]).join(', ') },
          {
            key: 'open',
            title: '',
            render: (_, c) => (
              <Button size="small" onClick={() => onOpen(c)}>
                {t('privacy.people.open')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Erase after a confirmation that says what goes, with the choice to keep blacklist entries. */
function EraseButton({ personKey, found, onErased }: { personKey: PersonKey; found: PersonFound; onErased: (r: Erasure) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const erase = useErasePerson();
  const [open, setOpen] = useState(false);
  const [keepBlacklist, setKeepBlacklist] = useState(true);
  const listed = found.records.filter((r) => r.source === 'blacklist' && r.list === 'black');
  const counts = PERSON_SOURCES.map((s) => [s, found.records.filter((r) => r.source === s).length] as const).filter(([, n]) => n > 0);
  // The server refuses (58) while a visit is open: anonymised, it would stay on the on-site lists as nobody.
  const onSite = found.records.some((r) => r.source === 'visits' && r.fields.visitAt && !r.fields.signOutAt);
  const confirm = async () => {
    const r = await erase.mutateAsync({ ...personKey, keepBlacklist: listed.length > 0 && keepBlacklist });
    setOpen(false);
    onErased(r);
    void message.success(t('privacy.people.erased'));
  };
  return (
    <>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('privacy.people.erase')}
      </Button>
      <Modal
        open={open}
        title={t('privacy.people.eraseTitle')}
        okText={t('privacy.people.eraseConfirm')}
        okButtonProps={{ danger: true, loading: erase.isPending, disabled: onSite }}
        onOk={() => confirm().catch(() => undefined)}
        onCancel={() => setOpen(false)}
      >
        {onSite ? <Alert type="warning" showIcon message={t('privacy.people.onSite')} style={{ marginBottom: 16 }} /> : null}
        <Typography.Paragraph>{t('privacy.people.eraseText')}</Typography.Paragraph>
        <ul>
          {counts.map(([s, n]) => (
            <li key={s}>
              {withColon(personSourceLabels[s][lang])}
              {n}
            </li>
          ))}
        </ul>
        {listed.length ? (
          <Checkbox checked={keepBlacklist} onChange={(e) => setKeepBlacklist(e.target.checked)}>
            {t('privacy.people.keepBlacklist', { reasons: listed.map((r) => r.fields.remark || '—').join('; ') })}
          </Checkbox>
        ) : null}
      </Modal>
    </>
  );
}

function Erased({ result }: { result: Erasure }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('privacy.people.erasedSummary', { files: result.files, entries: result.logEntries })}
      description={
        <>
          {result.kept.map((k) => (
            <div key={k.id}>{t('privacy.people.keptEntry', { name: k.name, reason: k.remark || '—' })}</div>
          ))}
          {result.facesPending ? <div>{t('privacy.people.facesPending', { count: result.facesPending })}</div> : null}
        </>
      }
    />
  );
}
