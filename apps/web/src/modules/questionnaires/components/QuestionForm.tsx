import { QUESTION_KINDS, QUESTION_LANGS, QUESTIONNAIRE_LIMITS, type Question } from '@openvisit/contract';
import { Alert, App, Flex, Form, Input, InputNumber, Modal, Radio, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveQuestion } from '../api';
import { applyBankErrors } from '../errors';
import { asQuestion, pictureInput, type QuestionValues, questionPaths, questionRule, questionValues } from '../questionForm';
import { rangeRules } from '../rules';
import { AnswerSummary, OptionList } from './OptionList';
import { PictureInput } from './PictureInput';

const L = QUESTIONNAIRE_LIMITS;

/**
 * Adds or edits a question of questionnaire `qid`: kind, languages, text and options in each language, the right
 * answer(s), score, order, enabled and a picture. The contract's `questionFailures` checks each field as it is typed
 * (only fields already touched, so a new form is not all red); the server's refusals land on their fields.
 */
export function QuestionForm({ qid, question, open, onClose }: { qid: number; question: Question | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<QuestionValues>();
  const save = useSaveQuestion();
  const [notices, setNotices] = useState<string[]>([]);
  const lang = Form.useWatch('lang', form) ?? question?.lang ?? 'both';
  const enabledLabel = useId();

  const recheck = (changed: Partial<QuestionValues>) => {
    const values = form.getFieldsValue(true) as QuestionValues;
    // A single choice keeps one mark when the kind changes.
    if (changed.kind === 'single' && values.answer.length > 1) form.setFieldValue('answer', values.answer.slice(0, 1));
    // Paths built at run time (options by index): antd's typed name paths cannot follow them.
    const touched = questionPaths(values).filter((p) => form.isFieldTouched(p as never));
    if (touched.length) form.validateFields(touched as never[]).catch(() => undefined);
  };

  const submit = async (v: QuestionValues) => {
    setNotices([]);
    const q = asQuestion(v);
    const body = { ...q, score: v.score, qorder: v.qorder, fstatus: v.fstatus, ...pictureInput(v.picture, question !== null) };
    try {
      await save.mutateAsync(question ? { ...body, qdid: question.qdid } : { ...body, qid });
      void message.success(t(question ? 'questionnaires.question.updated' : 'questionnaires.question.added'));
      onClose();
    } catch (err) {
      const left = applyBankErrors(form, err, t);
      if (left) setNotices(left);
    }
  };

  const textItem = (l: 'zh' | 'en') => {
    const name = l === 'zh' ? 'questionZh' : 'questionEn';
    return (
      <Form.Item
        key={l}
        label={t(`questionnaires.question.text.${l}`)}
        name={name}
        rules={[{ max: L.question, message: t('validation.tooLong', { max: L.question }) }, questionRule(t, form, [name])]}
      >
        <Input.TextArea maxLength={L.question} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid={`question-text-${l}`} />
      </Form.Item>
    );
  };

  return (
    <Modal
      open={open}
      title={t(question ? 'questionnaires.question.edit' : 'questionnaires.question.add')}
      width={760}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      {notices.map((n) => (
        <Alert key={n} type="error" showIcon title={n} style={{ marginBottom: 12 }} data-testid="question-notice" />
      ))}
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        initialValues={questionValues(question)}
        onValuesChange={recheck}
        onFinish={(v) => void submit({ ...form.getFieldsValue(true), ...v })}
        data-testid="question-form"
      >
        <Flex gap={24} wrap>
          <Form.Item label={t('questionnaires.question.kind')} name="kind">
            <Radio.Group
              optionType="button"
              options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`questionnaires.kinds.${k}`) }))}
              data-testid="question-kind"
            />
          </Form.Item>
          <Form.Item label={t('questionnaires.question.lang')} name="lang" extra={t('questionnaires.question.langHelp')}>
            <Radio.Group options={QUESTION_LANGS.map((l) => ({ value: l, label: t(`questionnaires.langs.${l}`) }))} data-testid="question-lang" />
          </Form.Item>
        </Flex>
        {(lang === 'en' ? [] : ['zh' as const]).map(textItem)}
        {(lang === 'zh' ? [] : ['en' as const]).map(textItem)}
        <OptionList form={form} />
        <Form.Item name="answer" rules={[questionRule(t, form, ['answer'])]} style={{ marginTop: 4 }}>
          <AnswerSummary />
        </Form.Item>
        <Flex gap={16} wrap align="flex-end">
          <Form.Item label={t('questionnaires.question.score')} name="score" rules={rangeRules(t, 'score')}>
            <InputNumber precision={0} style={{ width: 140 }} data-testid="question-score" />
          </Form.Item>
          <Form.Item
            label={t('questionnaires.question.qorder')}
            name="qorder"
            rules={rangeRules(t, 'qorder')}
            extra={t('questionnaires.question.qorderHelp')}
          >
            <InputNumber precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="fstatus"
            valuePropName="checked"
            getValueProps={(v: number) => ({ checked: v === 1 })}
            normalize={(v: boolean) => (v ? 1 : 0)}
          >
            <Switch aria-labelledby={enabledLabel} />
          </Form.Item>
          <Typography.Text id={enabledLabel} style={{ marginBottom: 30 }}>
            {t('questionnaires.question.enabled')}
          </Typography.Text>
        </Flex>
        <Form.Item label={t('questionnaires.question.picture')} name="picture">
          <PictureInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
