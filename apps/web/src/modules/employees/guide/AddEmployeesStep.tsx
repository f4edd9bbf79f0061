import { CheckCircleFilled, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Status } from '@openvisit/contract';
import { Alert, App, Button, Flex, Form, type FormRule, Input, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyUserInfo, useUserInfo } from '../../../core/company/public';
import { ApiError } from '../../../platform/apiError';
import { useRules } from '../../../platform/formRules';
import type { GuideStepProps } from '../../../platform/guide';
import { i18n } from '../../../platform/i18n';
import { errorText } from '../../../platform/notify';
import { FIELD_MAX, ruleMessage } from '../../../platform/validationText';
import { EMPLOYEE_ERROR_TEXT, employeeErrorField, useAddEmployee } from '../api';
import { ClauseField } from '../components/ClauseField';
import { CompanyInviteSwitch } from '../components/CompanyInviteSwitch';
import { usePeopleRules } from '../rules';

export interface GuideRow {
  /** Stable while rows are added and removed: the row's save state is kept under it. */
  id: number;
  employee_name?: string;
  phone?: string;
  empNo?: string;
  email?: string;
}
const ROW_FIELDS = ['employee_name', 'phone', 'empNo', 'email'] as const;
type RowField = (typeof ROW_FIELDS)[number];
const INITIAL_ROWS = 3;
const MAX_ROWS = 50;

/** A row nobody typed in is left out (neither validated nor sent). */
export function isBlankRow(row: Partial<GuideRow> | undefined): boolean {
  return !row || ROW_FIELDS.every((k) => (row[k] ?? '').trim() === '');
}

/** The addEmployee body of a row: name and phone, the work number and email only when given. */
export function rowPayload(row: Partial<GuideRow>, acceptClause: boolean) {
  const empNo = (row.empNo ?? '').trim();
  const email = (row.email ?? '').trim();
  return {
    employee_name: (row.employee_name ?? '').trim(),
    phone: (row.phone ?? '').trim(),
    ...(empNo && { empNo }),
    ...(email && { email }),
    ...(acceptClause && { acceptClause: true }),
  };
}

type RowState = { kind: 'saved' } | { kind: 'failed'; text: string | null };

/** The row's rules apply once something is typed in it. */
type RuleRender = Extract<FormRule, (...args: never[]) => unknown>;

function whenFilled(index: number, rules: FormRule[]): FormRule[] {
  return rules.map(
    (r): RuleRender =>
      (form) => {
        if (isBlankRow(form.getFieldValue(['rows', index]) as GuideRow | undefined)) return {};
        return typeof r === 'function' ? r(form) : r;
      },
  );
}

/**
 * Onboarding step "add employees": a few employees typed by hand, each row saved with `addEmployee`;
 * rows that fail keep their error and the rest stay saved. Can be skipped.
 */
export function AddEmployeesStep({ isLast, onDone }: GuideStepProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const people = usePeopleRules();
  const add = useAddEmployee();
  const finish = useModifyUserInfo();
  const clause = useUserInfo().data?.escapeClause ?? '';
  const [form] = Form.useForm<{ rows: GuideRow[]; acceptClause?: boolean }>();
  // preserve: the ids are not fields of the form, only values of the list.
  const rowsValue = Form.useWatch('rows', { form, preserve: true }) as GuideRow[] | undefined;
  const [states, setStates] = useState<Record<number, RowState>>({});
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(0);
  const nextId = useRef(INITIAL_ROWS + 1);

  const done = async (added: number) => {
    // The last step tells the server the wizard is finished.
    if (isLast) await finish.mutateAsync({ guideDone: true });
    if (added > 0) void message.success(t('employees.guide.added', { count: added }));
    onDone();
  };

  /** Puts a failure on the row: field errors on its fields, anything else under it. */
  const fail = (index: number, id: number, err: unknown) => {
    let text: string | null = null;
    const field = employeeErrorField(err);
    if (field === 'empNo' || field === 'phone') {
      form.setFields([{ name: ['rows', index, field], errors: [t(EMPLOYEE_ERROR_TEXT[field])] }]);
    } else if (err instanceof ApiError && !err.isTransport && err.status === Status.BAD_PARAMS && err.fieldErrors.length) {
      const onRow = err.fieldErrors.filter((e) => (ROW_FIELDS as readonly string[]).includes(e.field));
      form.setFields(
        onRow.map((e) => ({
          name: ['rows', index, e.field as RowField],
          errors: [ruleMessage(i18n.t, e.rule, { max: FIELD_MAX[e.field], field: e.field })],
        })),
      );
      if (onRow.length < err.fieldErrors.length) text = errorText(err);
    } else text = err instanceof ApiError ? errorText(err) : String(err);
    setStates((s) => ({ ...s, [id]: { kind: 'failed', text } }));
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    const rows: GuideRow[] = form.getFieldValue('rows') ?? [];
    let added = 0;
    let failed = 0;
    const next = { ...states };
    try {
      for (const [index, row] of rows.entries()) {
        if (isBlankRow(row) || next[row.id]?.kind === 'saved') continue;
        try {
          await add.mutateAsync(rowPayload(row, clause.trim() !== ''));
          next[row.id] = { kind: 'saved' };
          setStates((s) => ({ ...s, [row.id]: { kind: 'saved' } }));
          added += 1;
        } catch (err) {
          failed += 1;
          next[row.id] = { kind: 'failed', text: null };
          fail(index, row.id, err);
        }
      }
      setFailures(failed);
      if (failed === 0) await done(Object.values(next).filter((s) => s.kind === 'saved').length);
      else if (added > 0) void message.success(t('employees.guide.added', { count: added }));
    } catch {
      // finishing the wizard failed: shown by the error policy
    } finally {
      setBusy(false);
    }
  };

  const skip = async () => {
    setBusy(true);
    try {
      await done(0);
    } catch {
      // shown by the error policy
    } finally {
      setBusy(false);
    }
  };

  const colStyle = { flex: 1, minWidth: 140, marginBottom: 0 };
  return (
    <Form
      form={form}
      name="guideEmployees"
      layout="vertical"
      initialValues={{ rows: Array.from({ length: INITIAL_ROWS }, (_, i) => ({ id: i + 1 })) }}
      onValuesChange={(changed: { rows?: (GuideRow | undefined)[] }) => {
        // Editing a failed row clears its message until the next save.
        const edited = (changed.rows ?? []).flatMap((r, i) => (r ? [form.getFieldValue(['rows', i, 'id']) as number] : []));
        if (edited.some((id) => states[id]?.kind === 'failed'))
          setStates((s) => Object.fromEntries(Object.entries(s).filter(([id, st]) => !(edited.includes(Number(id)) && st.kind === 'failed'))));
      }}
      autoComplete="off"
    >
      <Typography.Paragraph type="secondary">{t('employees.guide.intro')}</Typography.Paragraph>
      <Flex gap={8} style={{ paddingInlineEnd: 72 }} aria-hidden>
        {(['name', 'phone', 'empNo', 'email'] as const).map((k) => (
          <Typography.Text key={k} strong style={{ flex: 1, minWidth: 140 }}>
            {t(`employees.guide.columns.${k}`)}
          </Typography.Text>
        ))}
      </Flex>
      <Form.List name="rows">
        {(fields, { add: addRow, remove }) => (
          <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid="guide-employee-rows">
            {fields.map((field, i) => {
              const id = rowsValue?.[field.name]?.id;
              const state = id === undefined ? undefined : states[id];
              const saved = state?.kind === 'saved';
              const n = i + 1;
              return (
                <div key={field.key} data-testid={`guide-row-${n}`}>
                  <Flex gap={8} align="flex-start">
                    <Form.Item name={[field.name, 'employee_name']} rules={whenFilled(field.name, rules.personName())} style={colStyle}>
                      <Input aria-label={t('employees.guide.cell', { column: t('employees.guide.columns.name'), row: n })} disabled={saved} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'phone']} rules={whenFilled(field.name, rules.phone())} style={colStyle}>
                      <Input aria-label={t('employees.guide.cell', { column: t('employees.guide.columns.phone'), row: n })} disabled={saved} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'empNo']} rules={whenFilled(field.name, people.workNumber())} style={colStyle}>
                      <Input aria-label={t('employees.guide.cell', { column: t('employees.guide.columns.empNo'), row: n })} disabled={saved} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'email']} rules={whenFilled(field.name, rules.email({ optional: true }))} style={colStyle}>
                      <Input aria-label={t('employees.guide.cell', { column: t('employees.guide.columns.email'), row: n })} disabled={saved} />
                    </Form.Item>
                    <Flex style={{ width: 64, height: 32 }} align="center" justify="center">
                      {saved ? (
                        <Typography.Text type="success" data-testid={`guide-row-${n}-saved`}>
                          <CheckCircleFilled /> {t('employees.guide.saved')}
                        </Typography.Text>
                      ) : (
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('employees.guide.remove', { row: n })}
                          disabled={fields.length <= 1}
                          onClick={() => {
                            remove(field.name);
                          }}
                        />
                      )}
                    </Flex>
                  </Flex>
                  {state?.kind === 'failed' && state.text ? (
                    <Typography.Text type="danger" role="alert" data-testid={`guide-row-${n}-error`}>
                      {state.text}
                    </Typography.Text>
                  ) : null}
                </div>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => addRow({ id: nextId.current++ })}
              disabled={fields.length >= MAX_ROWS}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('employees.guide.addRow')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <div style={{ marginTop: 16 }}>
        <ClauseField clause={clause} />
      </div>
      <div style={{ margin: '16px 0' }}>
        <CompanyInviteSwitch />
      </div>
      {failures > 0 ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('employees.guide.failed', { count: failures })} /> : null}
      <Space>
        <Button type="primary" onClick={() => void save()} loading={busy}>
          {isLast ? t('guide.finish') : t('guide.next')}
        </Button>
        <Button onClick={() => void skip()} disabled={busy}>
          {t('employees.guide.skip')}
        </Button>
      </Space>
    </Form>
  );
}
