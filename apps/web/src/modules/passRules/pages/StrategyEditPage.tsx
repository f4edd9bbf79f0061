import {
  ALLOWED_PASS_WAYS,
  ENTRY_MODES,
  EXPLAIN_MAX,
  PASS_MAX_DAYS,
  PASS_MAX_USES,
  PASS_NAME_MAX,
  type PassConfig,
  Status,
} from '@openvisit/contract';
import { Alert, App, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { usePassConfigOptions, usePassConfigs, useSavePassConfig } from '../api';

type StrategyForm = Omit<PassConfig, 'cid' | 'rname' | 'rid'> & { rid: number | undefined };

function toForm(c: PassConfig | undefined): StrategyForm {
  return {
    cname: c?.cname ?? '',
    forEmployees: c?.forEmployees ?? false,
    forVisitors: c?.forVisitors ?? true,
    tids: c?.tids ?? [],
    forResidents: c?.forResidents ?? false,
    egids: c?.egids ?? [],
    rid: c?.rid,
    maxDays: c?.maxDays ?? 0,
    maxUses: c?.maxUses ?? 0,
    entryMode: c?.entryMode ?? 'multiple',
    passWay: c?.passWay ?? 'both',
    explain: c?.explain ?? '',
  };
}

/** Who the strategy is for: at least one kind; visitors of chosen types or of every type. */
function WhoFields({ types, missing }: { types: { tid: number; vType: string }[]; missing: boolean }) {
  const { t, i18n } = useTranslation();
  const forVisitors = Form.useWatch('forVisitors') as boolean | undefined;
  const typeName = (v: string) => {
    const [zh = v, en = zh] = v.split('#');
    return i18n.language.startsWith('zh') ? zh : en;
  };
  return (
    <Form.Item
      label={t('passRules.strategy.who')}
      required
      validateStatus={missing ? 'error' : undefined}
      help={missing ? t('validation.required') : undefined}
    >
      <Flex gap={16} wrap>
        <Form.Item name="forEmployees" valuePropName="checked" noStyle>
          <Checkbox data-testid="for-employees">{t('passRules.strategy.employees')}</Checkbox>
        </Form.Item>
        <Form.Item name="forVisitors" valuePropName="checked" noStyle>
          <Checkbox data-testid="for-visitors">{t('passRules.strategy.visitors')}</Checkbox>
        </Form.Item>
        <Form.Item name="forResidents" valuePropName="checked" noStyle>
          <Checkbox data-testid="for-residents">{t('passRules.strategy.residents')}</Checkbox>
        </Form.Item>
      </Flex>
      {forVisitors ? (
        <Form.Item name="tids" label={t('passRules.strategy.visitorTypes')} style={{ marginTop: 12, marginBottom: 0 }}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('passRules.strategy.allTypes')}
            options={types.map((v) => ({ value: v.tid, label: typeName(v.vType) }))}
            optionFilterProp="label"
            data-testid="strategy-types"
          />
        </Form.Item>
      ) : null}
    </Form.Item>
  );
}

/** /strategic/strategyd/:id?: a strategy's people, device groups, schedule, limits and pass ways. */
export function StrategyEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rules = useRules();
  const cid = Number(useParams().id) || undefined;
  const configs = usePassConfigs();
  const options = usePassConfigOptions();
  const save = useSavePassConfig();
  const [form] = Form.useForm<StrategyForm>();
  const existing = configs.data?.find((c) => c.cid === cid);
  const [whoMissing, setWhoMissing] = useState(false);

  const submit = async (v: StrategyForm) => {
    // At least one kind of person (the server refuses it on forEmployees too).
    setWhoMissing(!v.forEmployees && !v.forVisitors && !v.forResidents);
    if (!v.forEmployees && !v.forVisitors && !v.forResidents) return;
    try {
      await save.mutateAsync({ ...v, cid, rid: v.rid ?? 0, tids: v.forVisitors ? v.tids : [] });
      void message.success(t('passRules.strategy.saved'));
      navigate('/strategic/strategy');
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'cname', errors: [t('passRules.taken')] }]);
      else handleFormError(form, err);
    }
  };

  if ((cid && configs.isPending) || options.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  const o = options.data;
  return (
    <>
      <PageHeader title={t('passRules.strategy.editTitle')} />
      <Card size="small" style={{ maxWidth: 760 }}>
        <Form form={form} layout="vertical" name="strategy" initialValues={toForm(existing)} onFinish={submit}>
          <Form.Item label={t('passRules.strategy.name')} name="cname" rules={rules.required()}>
            <Input maxLength={PASS_NAME_MAX} data-testid="strategy-name" />
          </Form.Item>
          <WhoFields types={o?.visitorTypes ?? []} missing={whoMissing} />
          <Form.Item label={t('passRules.strategy.groups')} name="egids" extra={o?.groups.length ? null : t('passRules.strategy.noGroups')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('passRules.strategy.allGroups')}
              options={(o?.groups ?? []).map((g) => ({ value: g.egid, label: g.name }))}
              optionFilterProp="label"
              data-testid="strategy-groups"
            />
          </Form.Item>
          <Form.Item label={t('passRules.strategy.schedule')} name="rid" rules={[{ required: true, message: t('validation.required') }]}>
            <Select options={(o?.rules ?? []).map((r) => ({ value: r.rid, label: r.rname }))} data-testid="strategy-schedule" />
          </Form.Item>
          {o && !o.rules.length ? <Alert type="info" showIcon title={t('passRules.strategy.noSchedule')} style={{ marginBottom: 16 }} /> : null}
          <Typography.Paragraph type="secondary">
            {t('passRules.strategy.companyLimit', { count: o?.qrMaxCount ?? 0, hours: o?.qrMaxDuration ?? 0 })}
          </Typography.Paragraph>
          <Flex gap={24} wrap>
            <Form.Item label={t('passRules.strategy.maxDays')} name="maxDays" extra={t('passRules.strategy.maxDaysHelp')}>
              <InputNumber min={0} max={PASS_MAX_DAYS} precision={0} data-testid="strategy-max-days" />
            </Form.Item>
            <Form.Item label={t('passRules.strategy.maxUses')} name="maxUses" extra={t('passRules.strategy.maxUsesHelp')}>
              <InputNumber min={0} max={PASS_MAX_USES} precision={0} data-testid="strategy-max-uses" />
            </Form.Item>
          </Flex>
          <Form.Item label={t('passRules.strategy.entryMode')} name="entryMode">
            <Radio.Group options={ENTRY_MODES.map((m) => ({ value: m, label: t(`passRules.strategy.entryModes.${m}`) }))} />
          </Form.Item>
          <Form.Item label={t('passRules.strategy.passWay')} name="passWay">
            <Radio.Group options={ALLOWED_PASS_WAYS.map((w) => ({ value: w, label: t(`passRules.strategy.passWays.${w}`) }))} />
          </Form.Item>
          <Form.Item label={t('passRules.strategy.explain')} name="explain">
            <Input.TextArea maxLength={EXPLAIN_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="strategy-save">
              {t('common.save')}
            </Button>
            <Button onClick={() => navigate('/strategic/strategy')}>{t('common.back')}</Button>
          </Flex>
        </Form>
      </Card>
    </>
  );
}
