import { type CallOutput, checkBlacklist, SCREENING_MODES, type ScreeningDecision, updateScreeningMode } from '@openvisit/contract';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, type FormInstance, Input, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { DAY_FORMAT } from '../../../platform/format';
import { useCheckName } from '../api';
import { afterToday, placeListedErrors, useListRules } from '../rules';
import { MatchList } from './Matches';

type Mode = 'company' | (typeof SCREENING_MODES)[number];

interface Values {
  name: string;
  phone: string;
  credentialNo: string;
  birthDate: Dayjs | null;
  mode: Mode;
}

const INITIAL: Values = { name: '', phone: '', credentialNo: '', birthDate: null, mode: 'company' };

/** How the decision shows: refused red, held for review orange, noted blue, clear green. */
const DECISION_TYPE: Record<ScreeningDecision, 'success' | 'info' | 'warning' | 'error'> = {
  clear: 'success',
  note: 'info',
  review: 'warning',
  refuse: 'error',
};

type Answer = CallOutput<typeof checkBlacklist> & { tried: string };

/** What `checkBlacklist` answered: the decision in a sentence, then every match, or that nothing matched. */
function CheckAnswer({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="name-check-answer">
      <Alert
        type={DECISION_TYPE[answer.decision]}
        showIcon
        title={t(`blacklist.check.decision.${answer.decision}`, { name: answer.tried })}
        description={
          <>
            {t('blacklist.check.modeUsed', { mode: t(`blacklist.mode.${answer.mode}`) })}
            {answer.screening ? null : ` ${t('blacklist.check.screeningOff')}`}
          </>
        }
      />
      {answer.matches.length ? (
        <MatchList matches={answer.matches} lists />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('blacklist.check.noMatch', { name: answer.tried })} />
      )}
    </Flex>
  );
}

/**
 * The administrator's "test a name" (administrators and sub-administrators, who choose the screening mode): a name, with
 * a phone, a certificate number and a date of birth if known, tried against the lists in the company's mode or another,
 * showing what screening would do. Nothing is stored.
 */
export function NameCheckCard() {
  const { t } = useTranslation();
  const mayCheck = useCanCall(checkBlacklist);
  const maySetMode = useCanCall(updateScreeningMode);
  const rules = useListRules();
  const check = useCheckName();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<Answer | null>(null);
  if (!mayCheck || !maySetMode) return null;

  const submit = async (v: Values) => {
    const tried = v.name.trim();
    try {
      const result = await check.mutateAsync({
        name: tried,
        ...(v.phone.trim() && { phone: v.phone.trim() }),
        ...(v.credentialNo.trim() && { credentialNo: v.credentialNo.trim() }),
        ...(v.birthDate && { birthDate: v.birthDate.format(DAY_FORMAT) }),
        ...(v.mode !== 'company' && { mode: v.mode }),
      });
      setAnswer({ ...result, tried });
    } catch (err) {
      setAnswer(null);
      placeListedErrors(form, err, t);
    }
  };

  return (
    <Card title={t('blacklist.check.title')} size="small" style={{ marginTop: 16 }} data-testid="name-check">
      <Typography.Paragraph type="secondary">{t('blacklist.check.intro')}</Typography.Paragraph>
      <Form<Values> form={form} name="name-check" layout="vertical" initialValues={INITIAL} onFinish={submit} autoComplete="off">
        <Flex gap={12} wrap>
          <Form.Item label={t('blacklist.fields.name')} name="name" rules={rules.name()} style={{ flex: '1 1 160px' }}>
            <Input />
          </Form.Item>
          <Form.Item label={t('blacklist.fields.phone')} name="phone" rules={rules.phone()} style={{ flex: '1 1 160px' }}>
            <Input inputMode="tel" />
          </Form.Item>
          <Form.Item label={t('blacklist.fields.credentialNo')} name="credentialNo" rules={rules.credentialNo()} style={{ flex: '1 1 200px' }}>
            <Input />
          </Form.Item>
          <Form.Item label={t('blacklist.fields.birthDate')} name="birthDate" rules={rules.birthDate()} style={{ flex: '1 1 140px' }}>
            <DatePicker style={{ width: '100%' }} disabledDate={afterToday} />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap align="flex-end" justify="space-between">
          <Form.Item label={t('blacklist.check.mode')} name="mode" extra={<ModeHelp form={form} />}>
            <Radio.Group
              optionType="button"
              options={(['company', ...SCREENING_MODES] as const).map((m) => ({ value: m, label: t(`blacklist.check.modes.${m}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={check.isPending}>
              {t('blacklist.check.run')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {answer ? <CheckAnswer answer={answer} /> : null}
    </Card>
  );
}

/** The explanation of the mode chosen (the company's is whichever the switch beside the list sets). */
function ModeHelp({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const mode = Form.useWatch('mode', form) ?? 'company';
  return <>{mode === 'company' ? t('blacklist.check.companyHelp') : t(`blacklist.mode.help.${mode}`)}</>;
}
