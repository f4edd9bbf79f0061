import { certificateTypeLabels, RESIDENT_LONG_TEXT_MAX, type ResidentInput, type ResidentVisitor, Status } from '@openvisit/contract';
import { Alert, App, AutoComplete, Button, Col, DatePicker, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FaceSyncOfPerson } from '../../../core/people/public';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { label } from '../../../platform/i18n';
import { useProjects, useResidentCompanies, useSaveResident } from '../api';
import { rangeMs, useResidentRules } from '../rules';

type CertificateType = ResidentInput['certificateType'];
/** sex 0, 1, 2 as words for the texts. */
const SEX_KEYS = ['unknown', 'male', 'female'] as const;
const CERTIFICATE_TYPES = Object.keys(certificateTypeLabels) as CertificateType[];

/** The call's input as the form holds it: the project may be unchosen, the dates are one range picker. */
type Values = Omit<ResidentInput, 'pid' | 'startDate' | 'endDate' | 'supplierId'> & {
  pid: number | undefined;
  validity: [Dayjs | null, Dayjs | null] | null;
};

function initial(r: ResidentVisitor | null, pid?: number, fixedCompany?: string): Values {
  return {
    pid: r?.pid ?? pid,
    company: fixedCompany ?? r?.company ?? '',
    name: r?.name ?? '',
    phone: r?.phone ?? '',
    certificateType: (r?.certificateType as CertificateType | undefined) ?? 'idCard',
    cardid: r?.cardid ?? '',
    sex: r?.sex ?? 0,
    age: r?.age ?? null,
    job: r?.job ?? '',
    department: r?.department ?? '',
    area: r?.area ?? '',
    leader: r?.leader ?? '',
    plateNum: r?.plateNum ?? '',
    validity: r ? [dayjs(r.startDate), dayjs(r.endDate)] : null,
    remark: r?.remark ?? '',
  };
}

/** Server fields named differently on the form. */
const FIELD_MAP = { startDate: 'validity', endDate: 'validity' };

/**
 * Adds or edits a resident visitor, every field checked as typed with the contract's rules. `fixedCompany`: the
 * supplier company is the session's (a server company adds its own workers), shown but not chosen.
 */
export function ResidentDrawer({
  open,
  resident,
  defaultPid,
  fixedCompany,
  onClose,
}: {
  open: boolean;
  resident: ResidentVisitor | null;
  defaultPid?: number;
  fixedCompany?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useResidentRules();
  const projects = useProjects();
  const companies = useResidentCompanies();
  const save = useSaveResident();
  const [form] = Form.useForm<Values>();

  const submit = async (v: Values) => {
    const { startDate = 0, endDate = 0 } = rangeMs(v.validity);
    const body = {
      pid: v.pid ?? 0,
      company: v.company.trim(),
      name: v.name.trim(),
      phone: v.phone.trim(),
      certificateType: v.certificateType,
      cardid: v.cardid.trim().toUpperCase(),
      sex: v.sex,
      age: v.age ?? null,
      job: v.job.trim(),
      department: v.department.trim(),
      area: v.area.trim(),
      leader: v.leader.trim(),
      plateNum: v.plateNum.trim().toUpperCase(),
      startDate,
      endDate,
      remark: v.remark.trim(),
    };
    try {
      await save.mutateAsync({ rid: resident?.rid ?? null, body });
      void message.success(t(resident ? 'residents.updated' : 'residents.added', { name: body.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.PHONE_NOT_UNIQUE) form.setFields([{ name: 'phone', errors: [t('residents.phoneTaken')] }]);
      else if (err instanceof ApiError && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'cardid', errors: [t('residents.cardidTaken')] }]);
      else handleFormError(form, err, FIELD_MAP);
    }
  };

  return (
    <Drawer
      title={resident ? t('residents.editTitle', { name: resident.name }) : t('residents.addTitle')}
      open={open}
      onClose={onClose}
      width={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {resident && resident.rstatus !== 0 ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('residents.help.reapproval')} /> : null}
      <Form
        form={form}
        name="resident-visitor"
        layout="vertical"
        initialValues={initial(resident, defaultPid, fixedCompany)}
        onFinish={submit}
        autoComplete="off"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.project')} name="pid" rules={rules.project()}>
              <Select
                loading={projects.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                options={(projects.data ?? []).map((p) => ({ value: p.pid, label: p.pName }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.company')} name="company" rules={rules.company()}>
              <AutoComplete
                disabled={fixedCompany !== undefined}
                // Known supplier companies are offered; a new one is typed in.
                options={(companies.data ?? []).map((c) => ({ value: c.company }))}
                filterOption={(input, o) =>
                  String(o?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.name')} name="name" rules={rules.personName()}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.phone')} name="phone" rules={rules.phone()} dependencies={['cardid', 'certificateType']}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.certificateType')} name="certificateType">
              <Select options={CERTIFICATE_TYPES.map((c) => ({ value: c, label: label('certificateType', c) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('residents.fields.cardid')}
              name="cardid"
              rules={rules.cardid()}
              dependencies={['phone', 'certificateType']}
              extra={t('residents.help.identity')}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('residents.fields.validity')} name="validity" rules={rules.range()}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.sex')} name="sex">
              <Radio.Group options={[0, 1, 2].map((s) => ({ value: s, label: t(`residents.sex.${SEX_KEYS[s] ?? 'unknown'}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.age')} name="age">
              <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.job')} name="job" rules={rules.text()}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.department')} name="department" rules={rules.text()}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.area')} name="area" rules={rules.text()}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.leader')} name="leader" rules={rules.text()}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('residents.fields.plateNum')} name="plateNum" rules={rules.plate()}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('residents.fields.remark')} name="remark" rules={rules.longText()}>
              <Input.TextArea rows={2} maxLength={RESIDENT_LONG_TEXT_MAX} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {resident ? <FaceSyncOfPerson personKind="resident" personId={resident.rid} /> : null}
    </Drawer>
  );
}
