import { labelIn, QUESTIONNAIRE_LIMITS, type Questionnaire, Status } from '@openvisit/contract';
import { Alert, App, Flex, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTypes } from '../../../core/sites/public';
import { useLang } from '../../../platform/i18n';
import { useSaveQuestionnaire, useVideoOptions } from '../api';
import { applyBankErrors } from '../errors';
import { rangeRules, textRules } from '../rules';

type Values = {
  title: string;
  titleEn: string;
  fdesc: string;
  topicNum: number;
  passScore: number;
  ansTime: number;
  validityDays: number;
  maxAttempts: number;
  videoId: number | null;
  minWatchPercent: number;
  rewatchOnRetry: boolean;
  tids: number[];
  enabled: boolean;
};

const NEW: Values = {
  title: '',
  titleEn: '',
  fdesc: '',
  topicNum: 10,
  passScore: 60,
  ansTime: 15,
  validityDays: 365,
  maxAttempts: 0,
  videoId: null,
  minWatchPercent: 100,
  rewatchOnRetry: false,
  tids: [],
  enabled: false,
};

function initial(q: Questionnaire | null): Values {
  if (!q) return NEW;
  const { title, titleEn, fdesc, topicNum, passScore, ansTime, validityDays, maxAttempts, videoId, minWatchPercent, rewatchOnRetry, tids, enabled } =
    q;
  return { title, titleEn, fdesc, topicNum, passScore, ansTime, validityDays, maxAttempts, videoId, minWatchPercent, rewatchOnRetry, tids, enabled };
}

const L = QUESTIONNAIRE_LIMITS;

/**
 * Adds or edits a questionnaire: its drawing, pass mark, time, validity, attempts, video and visitor types, checked
 * as typed with the contract's limits; the server's refusals (more questions drawn than the bank has, a pass mark
 * above a paper's total, a video or visitor type gone, a title taken) land on their fields.
 */
export function QuestionnaireForm({ open, questionnaire, onClose }: { open: boolean; questionnaire: Questionnaire | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const save = useSaveQuestionnaire();
  const types = useVisitorTypes();
  const videos = useVideoOptions();
  const [notices, setNotices] = useState<string[]>([]);
  const videoId = Form.useWatch('videoId', form);
  const enabledLabel = useId();
  const rewatchLabel = useId();

  const submit = async (v: Values) => {
    setNotices([]);
    try {
      const input = { ...v, fdesc: v.fdesc ?? '', videoId: v.videoId ?? null };
      await save.mutateAsync(questionnaire ? { ...input, qid: questionnaire.qid } : input);
      void message.success(t(questionnaire ? 'questionnaires.bank.updated' : 'questionnaires.bank.added'));
      onClose();
    } catch (err) {
      const left = applyBankErrors(form, err, t, {
        [Status.ALREADY_EXISTS]: { field: 'title', text: t('questionnaires.bank.titleTaken') },
        [Status.VISITOR_TYPE_NOT_EXIST]: { field: 'tids', text: t('questionnaires.bank.typeGone') },
      });
      if (left) setNotices(left);
    }
  };

  const counts = questionnaire?.questionCount;
  return (
    <Modal
      open={open}
      title={t(questionnaire ? 'questionnaires.bank.edit' : 'questionnaires.bank.add')}
      width={720}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      {notices.map((n) => (
        <Alert key={n} type="error" showIcon title={n} style={{ marginBottom: 12 }} />
      ))}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial(questionnaire)}
        onFinish={(v) => void submit(v)}
        data-testid="questionnaire-form"
      >
        <Form.Item label={t('questionnaires.fields.title')} name="title" rules={textRules(t, L.title)}>
          <Input maxLength={L.title} showCount data-testid="q-title" />
        </Form.Item>
        <Form.Item
          label={t('questionnaires.fields.titleEn')}
          name="titleEn"
          extra={t('questionnaires.fields.titleEnHelp')}
          rules={textRules(t, L.title, true)}
        >
          <Input maxLength={L.title} showCount data-testid="q-title-en" />
        </Form.Item>
        <Form.Item label={t('questionnaires.fields.fdesc')} name="fdesc" rules={textRules(t, L.description, true)}>
          <Input.TextArea maxLength={L.description} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            label={t('questionnaires.fields.topicNum')}
            name="topicNum"
            rules={rangeRules(t, 'topicNum')}
            extra={counts ? t('questionnaires.bank.bankHolds', { zh: counts.zh, en: counts.en }) : undefined}
          >
            <InputNumber precision={0} style={{ width: 160 }} data-testid="q-topicNum" />
          </Form.Item>
          <Form.Item label={t('questionnaires.fields.passScore')} name="passScore" rules={rangeRules(t, 'passScore')}>
            <InputNumber precision={0} style={{ width: 160 }} data-testid="q-passScore" />
          </Form.Item>
          <Form.Item label={t('questionnaires.fields.ansTime')} name="ansTime" rules={rangeRules(t, 'ansTime')}>
            <InputNumber precision={0} style={{ width: 160 }} suffix={t('questionnaires.units.minutes')} data-testid="q-ansTime" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label={t('questionnaires.fields.validityDays')}
            name="validityDays"
            rules={rangeRules(t, 'validityDays')}
            extra={t('questionnaires.bank.validityHelp')}
          >
            <InputNumber precision={0} style={{ width: 200 }} suffix={t('questionnaires.units.days')} data-testid="q-validityDays" />
          </Form.Item>
          <Form.Item
            label={t('questionnaires.fields.maxAttempts')}
            name="maxAttempts"
            rules={rangeRules(t, 'maxAttempts')}
            extra={t('questionnaires.bank.attemptsHelp')}
          >
            <InputNumber precision={0} style={{ width: 200 }} data-testid="q-maxAttempts" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item label={t('questionnaires.fields.videoId')} name="videoId" style={{ flex: 1, minWidth: 240 }}>
            <Select
              allowClear
              loading={videos.isPending}
              placeholder={t('questionnaires.bank.noVideo')}
              options={(videos.data?.list ?? []).map((v) => ({ value: v.id, label: v.title }))}
              notFoundContent={t('questionnaires.bank.noVideos')}
              data-testid="q-video"
            />
          </Form.Item>
          <Form.Item label={t('questionnaires.fields.minWatchPercent')} name="minWatchPercent" rules={rangeRules(t, 'minWatchPercent')}>
            <InputNumber precision={0} style={{ width: 160 }} suffix="%" disabled={videoId == null} data-testid="q-minWatch" />
          </Form.Item>
        </Flex>
        <Flex align="center" gap={12} style={{ marginBottom: 24 }}>
          <Form.Item name="rewatchOnRetry" valuePropName="checked" noStyle>
            <Switch aria-labelledby={rewatchLabel} disabled={videoId == null} data-testid="q-rewatch" />
          </Form.Item>
          <Typography.Text id={rewatchLabel} type={videoId == null ? 'secondary' : undefined}>
            {t('questionnaires.fields.rewatchOnRetry')}
          </Typography.Text>
        </Flex>
        <Form.Item label={t('questionnaires.fields.tids')} name="tids" extra={t('questionnaires.bank.tidsHelp')}>
          <Select
            mode="multiple"
            allowClear
            loading={types.isPending}
            optionFilterProp="label"
            options={(types.data ?? []).map((x) => ({ value: x.tid, label: labelIn(x.vType, lang) }))}
            data-testid="q-tids"
          />
        </Form.Item>
        <Flex align="center" gap={12}>
          <Form.Item name="enabled" valuePropName="checked" noStyle>
            <Switch aria-labelledby={enabledLabel} data-testid="q-enabled" />
          </Form.Item>
          <Typography.Text id={enabledLabel}>{t('questionnaires.fields.enabled')}</Typography.Text>
        </Flex>
      </Form>
    </Modal>
  );
}
