import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LISTED_ALIASES_MAX, LISTED_IDENTIFIERS_MAX, LISTED_LEVELS, LISTED_REMARK_MAX } from '@openvisit/contract';
import { Button, DatePicker, Flex, Form, type FormRule, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { buildListRules } from '../rules';
import { afterToday, beforeToday } from '../rules';

type Rules = ReturnType<typeof buildListRules>;

interface RowsProps {
  /** The form's list (`aliases`, `phones`, `credentialNos`). */
  name: string;
  /** Each row's accessible name, from its position (0-based). */
  rowLabel: (i: number) => string;
  addText: string;
  max: number;
  rules: FormRule[];
  inputMode?: 'tel';
}

/** Rows of one more value each (an alias, a phone, a number), added up to `max` and removed one by one. */
function ValueRows({ name, rowLabel, addText, max, rules, inputMode }: RowsProps) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <Flex vertical gap={0} data-testid={`rows-${name}`} style={{ marginBottom: 16 }}>
          {rows.map((row, i) => (
            <Flex key={row.key} gap={8} align="flex-start">
              <Form.Item name={row.name} rules={rules} style={{ flex: 1, marginBottom: 8 }}>
                <Input aria-label={rowLabel(i)} inputMode={inputMode} />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('blacklist.entry.removeRow', { label: rowLabel(i) })}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          {rows.length < max ? (
            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add('')} style={{ alignSelf: 'flex-start' }}>
              {addText}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('blacklist.entry.atMost', { max })}</Typography.Text>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

/** The level of an entry: what a match does, each choice with its one-line explanation. */
function LevelChoice() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('blacklist.fields.level')} name="level">
      <Radio.Group>
        <Flex vertical gap={4}>
          {LISTED_LEVELS.map((level) => (
            <Radio key={level} value={level}>
              {t(`blacklist.level.${level}`)}
              <Typography.Text type="secondary"> · {t(`blacklist.levelHelp.${level}`)}</Typography.Text>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
    </Form.Item>
  );
}

/**
 * The fields of an entry: the name and its aliases, phones, certificate numbers (masked ones kept in an edit), date of
 * birth, expiry, level (`levels`: the blacklist's; a whitelist entry only lets through) and reason. Only the name is
 * required.
 */
export function EntryFields({ rules, editing, levels }: { rules: Rules; editing: boolean; levels: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('blacklist.fields.name')} name="name" rules={rules.name()} style={{ marginBottom: 8 }}>
        <Input />
      </Form.Item>
      <ValueRows
        name="aliases"
        rowLabel={(i) => t('blacklist.entry.alias', { n: i + 1 })}
        addText={t('blacklist.entry.addAlias')}
        max={LISTED_ALIASES_MAX}
        rules={rules.alias()}
      />
      <Form.Item label={t('blacklist.fields.phone')} name="phone" rules={rules.phone()} style={{ marginBottom: 8 }}>
        <Input inputMode="tel" />
      </Form.Item>
      <ValueRows
        name="phones"
        rowLabel={(i) => t('blacklist.entry.morePhone', { n: i + 2 })}
        addText={t('blacklist.entry.addPhone')}
        max={LISTED_IDENTIFIERS_MAX}
        rules={rules.morePhone()}
        inputMode="tel"
      />
      <Form.Item
        label={t('blacklist.fields.credentialNo')}
        name="credentialNo"
        rules={rules.credentialNo()}
        extra={t(editing ? 'blacklist.help.credentialNoEdit' : 'blacklist.help.credentialNo')}
        style={{ marginBottom: 8 }}
      >
        <Input />
      </Form.Item>
      <ValueRows
        name="credentialNos"
        rowLabel={(i) => t('blacklist.entry.moreCredential', { n: i + 2 })}
        addText={t('blacklist.entry.addCredential')}
        max={LISTED_IDENTIFIERS_MAX}
        rules={rules.moreCredentialNo()}
      />
      <Flex gap={12} wrap>
        <Form.Item label={t('blacklist.fields.birthDate')} name="birthDate" rules={rules.birthDate()} style={{ flex: '1 1 160px' }}>
          <DatePicker style={{ width: '100%' }} disabledDate={afterToday} />
        </Form.Item>
        <Form.Item
          label={t('blacklist.fields.expireTime')}
          name="expireTime"
          rules={rules.expireTime()}
          extra={t('blacklist.help.expireTime')}
          style={{ flex: '1 1 160px' }}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={beforeToday} />
        </Form.Item>
      </Flex>
      {levels ? <LevelChoice /> : null}
      <Form.Item label={t('blacklist.fields.remark')} name="remark" rules={rules.remark()}>
        <Input.TextArea rows={3} maxLength={LISTED_REMARK_MAX} showCount />
      </Form.Item>
    </>
  );
}
