import { type InvitationTemplateRecord, TEMPLATE_TYPES, type TemplateType } from '@openvisit/contract';
import { Alert, App, Button, Card, Form, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { handleFormError } from '../../../platform/fieldErrors';
import { useLabel } from '../../../platform/i18n';
import { useApplicableTemplate, useDeleteOwnTemplate, useOwnTemplate, useSaveOwnTemplate } from '../api';
import { TemplateFields, type TemplateFormValues, templateInput, templateValues } from '../components/TemplateFields';

/** Where the texts shown come from: the employee's own, the company's (the starting point of their own), or none. */
type Basis = 'own' | 'company' | 'none';

function TemplateEditor({
  type,
  basis,
  template,
  editable,
  company,
}: {
  type: TemplateType;
  basis: Basis;
  template: InvitationTemplateRecord | null;
  editable: boolean;
  company: string;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveOwnTemplate();
  const reset = useDeleteOwnTemplate();
  const typeName = label('invitationTemplate', type);

  const submit = async (v: TemplateFormValues) => {
    try {
      await save.mutateAsync({ templateType: type, ...templateInput(v) });
      void message.success(t('invitations.mine.saved'));
    } catch (err) {
      handleFormError(form, err);
    }
  };

  const note = !editable ? t('invitations.mine.locked') : t(`invitations.mine.${basis}`, { type: typeName });
  return (
    <Form<TemplateFormValues> form={form} layout="vertical" initialValues={templateValues(template)} onFinish={(v) => void submit(v)}>
      <Alert
        type={editable && basis === 'own' ? 'success' : 'info'}
        showIcon
        title={note}
        style={{ marginBottom: 16 }}
        data-testid="own-template-note"
      />
      {!editable && basis === 'none' ? (
        <Typography.Paragraph type="secondary">{t('invitations.mine.none', { type: typeName })}</Typography.Paragraph>
      ) : (
        <TemplateFields form={form} company={company} disabled={!editable} />
      )}
      {editable ? (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('invitations.mine.save')}
          </Button>
          {basis === 'own' ? (
            <ConfirmDelete
              title={t('invitations.mine.resetConfirm', { type: typeName })}
              onConfirm={async () => {
                await reset.mutateAsync(type);
                void message.success(t('invitations.mine.resetDone'));
              }}
            >
              <Button danger loading={reset.isPending}>
                {t('invitations.mine.reset')}
              </Button>
            </ConfirmDelete>
          ) : null}
        </Space>
      ) : null}
    </Form>
  );
}

/** One type: the employee's own template, else the company's one that applies to them. */
function TypePanel({ type, company }: { type: TemplateType; company: string }) {
  const own = useOwnTemplate(type);
  const needsCompany = own.data !== undefined && (own.data.template === null || !own.data.editable);
  const applicable = useApplicableTemplate(type, null, { enabled: needsCompany });
  if (own.isPending || (needsCompany && applicable.isPending)) return <Skeleton active />;
  if (!own.data) return null;
  const { editable } = own.data;
  const mine = editable ? own.data.template : null;
  const template = mine ?? applicable.data ?? null;
  const basis: Basis = mine ? 'own' : template ? 'company' : 'none';
  return (
    <TemplateEditor
      key={`${basis}-${template?.id ?? 0}-${editable}`}
      type={type}
      basis={basis}
      template={template}
      editable={editable}
      company={company}
    />
  );
}

/**
 * The employee portal's "My template" (/emporder/emptemplate): per type, the employee's own invitation texts, started
 * from the company's; read-only with a note when the company's tempEditSwitch keeps templates to the company.
 */
export function EmpTemplatePage() {
  const { t } = useTranslation();
  const label = useLabel();
  const info = useUserInfo();
  const company = info.data?.shortName || info.data?.company || '';
  return (
    <>
      <PageHeader title={t('invitations.mine.title')} extra={<Typography.Text type="secondary">{t('invitations.mine.intro')}</Typography.Text>} />
      <Card>
        <Tabs
          destroyOnHidden
          items={TEMPLATE_TYPES.map((type) => ({
            key: String(type),
            label: label('invitationTemplate', type),
            children: <TypePanel type={type} company={company} />,
          }))}
        />
      </Card>
    </>
  );
}
