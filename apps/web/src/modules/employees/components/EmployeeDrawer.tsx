import type { DepartmentNode, Employee } from '@openvisit/contract';
import { App, Button, Col, Divider, Drawer, Form, Input, Row, Select, Space, Switch, TreeSelect } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { FacePhotoField, NewFacePhoto, useUploadFace, useUploadProblem } from '../../../core/faces/public';
import { deptOptions, FaceSyncOfPerson } from '../../../core/people/public';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { useLabel } from '../../../platform/i18n';
import { TwoStepReset } from '../../passkeys/public';
import { EMPLOYEE_ERROR_TEXT, employeeErrorField, useAddEmployee, useUpdateEmployee } from '../api';
import { EMPLOYEE_STATUSES, type EmployeeStatus } from '../query';
import { usePeopleRules } from '../rules';
import { ClauseField } from './ClauseField';
import { NotifyChannelsInput, VisitTypeSelect } from './VisitingFields';

/** The switches of the visiting group, in the order shown. */
const SWITCHES = ['defaultReceiver', 'isLeader', 'defaultContact', 'forbidAppointment', 'forbidInvite', 'hideFromPad'] as const;
type SwitchField = (typeof SWITCHES)[number];

/** Form fields carry the contract's request names, so server field errors land on them as they are. */
export interface EmployeeValues extends Record<SwitchField, boolean> {
  employee_name: string;
  empNo: string;
  phone: string;
  email: string;
  deptIds: number[];
  empPosition: string;
  status: EmployeeStatus;
  telephone: string;
  workbay: string;
  cardNo: string;
  superiorNo: string;
  superiorName: string;
  domainAccount: string;
  visitType: string;
  defaultNotify: number | null;
  remark: string;
  acceptClause?: boolean;
}

const TEXT_FIELDS = [
  'employee_name',
  'empNo',
  'phone',
  'email',
  'empPosition',
  'telephone',
  'workbay',
  'cardNo',
  'superiorNo',
  'superiorName',
  'domainAccount',
  'visitType',
  'remark',
] as const;

export function employeeValues(e: Employee | null, deptIds: number[] = []): EmployeeValues {
  return {
    employee_name: e?.empName ?? '',
    empNo: e?.empNo ?? '',
    phone: e?.empPhone ?? '',
    email: e?.empEmail ?? '',
    deptIds: e?.deptIds ?? deptIds,
    empPosition: e?.empPosition ?? '',
    status: (e?.status ?? 0) as EmployeeStatus,
    telephone: e?.telephone ?? '',
    workbay: e?.workbay ?? '',
    cardNo: e?.cardNo ?? '',
    superiorNo: e?.superiorNo ?? '',
    superiorName: e?.superiorName ?? '',
    domainAccount: e?.domainAccount ?? '',
    visitType: e?.visitType ?? '',
    defaultNotify: e?.defaultNotify ?? 0,
    defaultReceiver: e?.defaultReceiver ?? false,
    isLeader: e?.isLeader ?? false,
    defaultContact: e?.defaultContact ?? false,
    forbidAppointment: e?.forbidAppointment ?? false,
    forbidInvite: e?.forbidInvite ?? false,
    hideFromPad: e?.hideFromPad ?? false,
    remark: e?.remark ?? '',
  };
}

/**
 * Who the drawer edits for: the head office (every field) or a sub-company's administrator, whose employees' departments,
 * access cards and face photos are the head office's to set (the server refuses them), so the form leaves them out.
 */
export type EmployeeDrawerVariant = 'company' | 'subCompany';

/** The request body of the form (strings trimmed; the clause acceptance only when asked for). */
export function employeePayload(v: EmployeeValues, clauseShown: boolean, variant: EmployeeDrawerVariant = 'company') {
  const texts = Object.fromEntries(TEXT_FIELDS.map((k) => [k, (v[k] ?? '').trim()])) as Record<(typeof TEXT_FIELDS)[number], string>;
  const switches = Object.fromEntries(SWITCHES.map((k) => [k, v[k] === true])) as Record<SwitchField, boolean>;
  const { cardNo, ...rest } = texts;
  return {
    ...rest,
    ...switches,
    ...(variant === 'company' && { cardNo, deptIds: v.deptIds ?? [] }),
    status: v.status,
    defaultNotify: v.defaultNotify ?? 0,
    ...(clauseShown && { acceptClause: v.acceptClause === true }),
  };
}

/** The departments an employee belongs to (the head office's organisation). */
function DepartmentsField({ departments }: { departments: readonly DepartmentNode[] }) {
  const { t } = useTranslation();
  return (
    <Col span={24}>
      <Form.Item label={t('employees.fields.departments')} name="deptIds">
        <TreeSelect
          multiple
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          treeData={deptOptions(departments)}
          placeholder={t('employees.placeholders.departments')}
          notFoundContent={t('employees.dept.empty')}
        />
      </Form.Item>
    </Col>
  );
}

/** The face photo: the employee's (edit), or one chosen to send once a new employee is saved. */
function PhotoField({ editing, newFace, onNewFace }: { editing: Employee | null; newFace: File | null; onNewFace: (f: File | null) => void }) {
  return editing ? <FacePhotoField key={editing.empid} employee={editing} /> : <NewFacePhoto value={newFace} onChange={onNewFace} />;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider titlePlacement="start" style={{ marginTop: 4 }}>
        {title}
      </Divider>
      {children}
    </section>
  );
}

/** Add (`addEmployee`) or edit (`updateEmployee`) an employee: every field of the contract, grouped. */
export function EmployeeDrawer({
  open,
  employee,
  departments,
  defaultDeptIds,
  onClose,
  variant = 'company',
}: {
  open: boolean;
  employee: Employee | null;
  departments: readonly DepartmentNode[];
  /** Departments of a new employee (the department selected in the tree). */
  defaultDeptIds?: number[];
  onClose: () => void;
  variant?: EmployeeDrawerVariant;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const rules = useRules();
  const people = usePeopleRules();
  const add = useAddEmployee();
  const update = useUpdateEmployee();
  const uploadFace = useUploadFace();
  const uploadProblem = useUploadProblem();
  const [newFace, setNewFace] = useState<File | null>(null);
  // A new employee whose photo was refused after the save: the drawer goes on as their edit drawer to try again.
  const [created, setCreated] = useState<Employee | null>(null);
  const editing = employee ?? created;
  const close = () => {
    setCreated(null);
    setNewFace(null);
    onClose();
  };
  const clause = useUserInfo().data?.escapeClause ?? '';
  const clauseShown = clause.trim() !== '';
  const [form] = Form.useForm<EmployeeValues>();

  const submit = async (v: EmployeeValues) => {
    const body = employeePayload(v, clauseShown, variant);
    try {
      if (editing) {
        await update.mutateAsync({ empid: editing.empid, ...body });
        void message.success(t('employees.updated', { name: body.employee_name }));
      } else {
        const saved = await add.mutateAsync(body);
        if (newFace && !(await sendNewFace(saved, newFace))) return;
        void message.success(t('employees.added', { name: body.employee_name }));
      }
      close();
    } catch (err) {
      const field = employeeErrorField(err);
      if (field) {
        form.setFields([{ name: field, errors: [t(EMPLOYEE_ERROR_TEXT[field])] }]);
        form.scrollToField(field);
      } else handleFormError(form, err);
    }
  };

  /** The photo chosen while adding, sent now that the employee has an id; false (drawer kept open) when refused. */
  const sendNewFace = async (saved: Employee, file: File): Promise<boolean> => {
    try {
      await uploadFace.mutateAsync({ empid: saved.empid, file });
      return true;
    } catch (err) {
      const problem = uploadProblem(err);
      void message.warning(t('employees.faces.field.addedWithoutPhoto', { name: saved.empName, problem: problem ?? '' }));
      setNewFace(null);
      setCreated(saved);
      return false;
    }
  };

  const half = { xs: 24, sm: 12 };
  return (
    <Drawer
      title={editing ? t('employees.drawer.editTitle', { name: editing.empName }) : t('employees.drawer.addTitle')}
      open={open}
      onClose={close}
      destroyOnHidden
      size={680}
      extra={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={add.isPending || update.isPending || uploadFace.isPending}
            onClick={() => form.submit()}
            data-testid="employee-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {editing ? (
        <Suspense fallback={null}>
          <TwoStepReset
            name={editing.empName}
            security={editing}
            pending={update.isPending}
            reset={async () => {
              await update.mutateAsync({ empid: editing.empid, resetTwoStep: true });
              return editing.passkeys ?? 0;
            }}
          />
        </Suspense>
      ) : null}
      {variant === 'company' ? <PhotoField editing={editing} newFace={newFace} onNewFace={setNewFace} /> : null}
      <Form
        form={form}
        name="employee"
        layout="vertical"
        initialValues={employeeValues(employee, defaultDeptIds)}
        onFinish={submit}
        scrollToFirstError
        autoComplete="off"
      >
        <Group title={t('employees.groups.basic')}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item label={t('employees.fields.name')} name="employee_name" rules={rules.personName()}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.empNo')} name="empNo" rules={people.workNumber()} extra={t('employees.help.empNo')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.phone')} name="phone" rules={rules.phone()}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.email')} name="email" rules={rules.email({ optional: true })}>
                <Input type="email" />
              </Form.Item>
            </Col>
            {variant === 'company' ? <DepartmentsField departments={departments} /> : null}
            <Col {...half}>
              <Form.Item label={t('employees.fields.position')} name="empPosition" rules={people.maxLength(64)}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.status')} name="status">
                <Select options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: label('employeeStatus', s) }))} />
              </Form.Item>
            </Col>
          </Row>
        </Group>
        <Group title={t('employees.groups.contact')}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item label={t('employees.fields.telephone')} name="telephone" rules={people.maxLength(32)}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.workbay')} name="workbay" rules={people.maxLength(64)}>
                <Input />
              </Form.Item>
            </Col>
            {variant === 'company' ? (
              <Col {...half}>
                <Form.Item label={t('employees.fields.cardNo')} name="cardNo" rules={people.maxLength(32)}>
                  <Input />
                </Form.Item>
              </Col>
            ) : null}
            <Col {...half}>
              <Form.Item label={t('employees.fields.domainAccount')} name="domainAccount" rules={people.maxLength(64)}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.superiorNo')} name="superiorNo" rules={people.maxLength(32)}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.superiorName')} name="superiorName" rules={people.maxLength(50)}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </Group>
        <Group title={t('employees.groups.visiting')}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item label={t('employees.fields.visitType')} name="visitType" rules={people.maxLength(100)} extra={t('employees.help.visitType')}>
                <VisitTypeSelect />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label={t('employees.fields.defaultNotify')} name="defaultNotify" extra={t('employees.help.defaultNotify')}>
                <NotifyChannelsInput name={t('employees.fields.defaultNotify')} />
              </Form.Item>
            </Col>
            {SWITCHES.map((k) => (
              <Col key={k} xs={12} sm={8}>
                <Form.Item label={t(`employees.fields.${k}`)} name={k} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Group>
        <Group title={t('employees.groups.remark')}>
          <Form.Item label={t('employees.fields.remark')} name="remark" rules={people.maxLength(200)}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Group>
        <ClauseField clause={clause} />
      </Form>
      {editing ? <FaceSyncOfPerson personKind="employee" personId={editing.empid} /> : null}
    </Drawer>
  );
}
