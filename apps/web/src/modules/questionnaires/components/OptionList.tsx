import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTIONNAIRE_LIMITS } from '@openvisit/contract';
import { Button, Checkbox, Flex, Form, type FormInstance, Input, Radio, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { answerWithout, letter, type QuestionValues, questionRule } from '../questionForm';

const L = QUESTIONNAIRE_LIMITS;

/**
 * The options of a question (2 to 8), each in the languages the question is written for, and the right answer(s)
 * marked beside them: a radio for a single choice, checkboxes for a multiple one. Marks are the form's `answer`.
 */
export function OptionList({ form }: { form: FormInstance<QuestionValues> }) {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', form) ?? 'single';
  const lang = Form.useWatch('lang', form) ?? 'both';
  const answer: number[] = Form.useWatch('answer', form) ?? [];
  const setAnswer = (next: number[]) => {
    form.setFields([{ name: 'answer', value: [...next].sort((a, b) => a - b), touched: true }]);
    form.validateFields(['answer']).catch(() => undefined);
  };
  // The form's value, not the watched one: two clicks may come before a render.
  const current = (): number[] => form.getFieldValue('answer') ?? [];
  const toggle = (i: number) => {
    const now = current();
    if (kind === 'single') setAnswer([i]);
    else setAnswer(now.includes(i) ? now.filter((a) => a !== i) : [...now, i]);
  };
  const langs = lang === 'both' ? (['zh', 'en'] as const) : [lang];

  return (
    <Form.List name="options">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} data-testid="question-options">
          <Typography.Text strong>{t('questionnaires.question.options')}</Typography.Text>
          <Typography.Text type="secondary">
            {t(kind === 'single' ? 'questionnaires.question.markOne' : 'questionnaires.question.markMany')}
          </Typography.Text>
          {fields.map((field, i) => {
            const right = answer.includes(i);
            const markLabel = t('questionnaires.question.isRight', { letter: letter(i) });
            return (
              <Flex key={field.key} gap={8} align="flex-start" wrap>
                <Flex align="center" gap={6} style={{ height: 32, minWidth: 56 }}>
                  {kind === 'single' ? (
                    <Radio checked={right} onChange={() => toggle(i)} aria-label={markLabel} data-testid={`option-mark-${i}`} />
                  ) : (
                    <Checkbox checked={right} onChange={() => toggle(i)} aria-label={markLabel} data-testid={`option-mark-${i}`} />
                  )}
                  <Typography.Text strong>{letter(i)}</Typography.Text>
                </Flex>
                {langs.map((l) => (
                  <Form.Item
                    key={l}
                    name={[field.name, l]}
                    rules={[{ max: L.option, message: t('validation.tooLong', { max: L.option }) }, questionRule(t, form, ['options', i, l])]}
                    style={{ flex: 1, minWidth: 180, marginBottom: 8 }}
                  >
                    <Input
                      maxLength={L.option}
                      placeholder={t(`questionnaires.question.option.${l}`)}
                      aria-label={t(`questionnaires.question.optionLabel.${l}`, { letter: letter(i) })}
                      data-testid={`option-${i}-${l}`}
                    />
                  </Form.Item>
                ))}
                <Tooltip title={t('questionnaires.question.removeOption')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= L.options.min}
                    aria-label={`${t('questionnaires.question.removeOption')} ${letter(i)}`}
                    onClick={() => {
                      remove(field.name);
                      setAnswer(answerWithout(current(), i));
                    }}
                  />
                </Tooltip>
              </Flex>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= L.options.max}
            onClick={() => add({ zh: '', en: '' })}
            data-testid="option-add"
          >
            {t('questionnaires.question.addOption', { max: L.options.max })}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** What the marks say, under the options: the right answer's letters, or the rule it breaks (the form's `answer`). */
export function AnswerSummary({ value }: { value?: number[] }) {
  const { t } = useTranslation();
  const letters = (value ?? []).map(letter).join(', ');
  return (
    <Typography.Text type="secondary">
      {letters ? t('questionnaires.question.rightIs', { letters }) : t('questionnaires.question.noneMarked')}
    </Typography.Text>
  );
}
