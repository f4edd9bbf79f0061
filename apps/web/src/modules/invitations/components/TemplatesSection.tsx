import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type InvitationTemplateRecord, Status, TEMPLATE_TYPES, type TemplateType } from '@openvisit/contract';
import { App, Button, Card, Drawer, Empty, Flex, Form, Select, Skeleton, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { useGates } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { handleFormError } from '../../../platform/fieldErrors';
import { formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { useCompanyTemplates, useDeleteCompanyTemplate, useSaveCompanyTemplate } from '../api';
import { TemplateFields, type TemplateFormValues, templateInput, templateValues } from './TemplateFields';

/** The scope select's value for the default template (no gate). */
const DEFAULT_SCOPE = 0;
type Values = TemplateFormValues & { scope: number };

/**
 * The entrances a template may be for: the company's gates, or none for a sub-company (its templates are one per type;
 * the gates are the head office's).
 */
function useScopeGates(withGates: boolean) {
  const gates = useGates();
  return withGates ? gates : { data: [], isPending: false };
}

function useCompanyName(): string {
  const info = useUserInfo();
  return info.data?.shortName || info.data?.company || '';
}

/** Add or edit a company template: where it applies (default or an entrance without one yet), then the texts. */
function TemplateDrawer({
  type,
  template,
  taken,
  onClose,
  withGates,
}: {
  withGates: boolean;
  type: TemplateType;
  template: InvitationTemplateRecord | null;
  /** Scopes (DEFAULT_SCOPE or gate ids) that already have a template of this type, other than this one. */
  taken: ReadonlySet<number>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveCompanyTemplate();
  const gates = useScopeGates(withGates);
  const company = useCompanyName();
  const typeName = label('invitationTemplate', type);
  const initialScope = template ? (template.gid ?? DEFAULT_SCOPE) : taken.has(DEFAULT_SCOPE) ? undefined : DEFAULT_SCOPE;

  const submit = async (v: Values) => {
    try {
      const body = { templateType: type, gid: v.scope === DEFAULT_SCOPE ? null : v.scope, ...templateInput(v) };
      await save.mutateAsync(template ? { ...body, id: template.id } : body);
      void message.success(t('invitations.templates.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'scope', errors: [t('invitations.templates.scopeTaken', { type: typeName })] }]);
      else if (err instanceof ApiError && !err.isTransport && err.status === Status.GATE_NOT_FOUND)
        form.setFields([{ name: 'scope', errors: [t('validation.notFound')] }]);
      else handleFormError(form, err, { gid: 'scope' });
    }
  };

  return (
    <Drawer
      open
      size={1080}
      destroyOnHidden
      title={template ? t('invitations.templates.drawerEdit', { type: typeName }) : t('invitations.templates.drawerAdd', { type: typeName })}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="template-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="template"
        initialValues={{ ...templateValues(template), scope: initialScope }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="scope" label={t('invitations.templates.scope')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select
            style={{ maxWidth: 320 }}
            loading={gates.isPending}
            options={[
              { value: DEFAULT_SCOPE, label: t('invitations.templates.scopeDefault'), disabled: taken.has(DEFAULT_SCOPE) },
              ...(gates.data ?? []).map((g) => ({
                value: g.gid,
                label: t('invitations.templates.gate', { gate: g.gname }),
                disabled: taken.has(g.gid),
              })),
            ]}
          />
        </Form.Item>
        <TemplateFields form={form} company={company} />
      </Form>
    </Drawer>
  );
}

function TemplateCard({ template, onEdit, onDelete }: { template: InvitationTemplateRecord; onEdit: () => void; onDelete: () => unknown }) {
  const { t } = useTranslation();
  const title = template.gid === null ? t('invitations.templates.default') : t('invitations.templates.gate', { gate: template.gname });
  const letter = template.inviteContent || template.inviteContentEn;
  return (
    <Card
      size="small"
      title={title}
      data-testid={`template-${template.id}`}
      extra={
        <Flex gap={4}>
          <Button type="text" icon={<EditOutlined />} onClick={onEdit} aria-label={`${t('invitations.templates.edit')} ${title}`} />
          <ConfirmDelete title={t('invitations.templates.deleteConfirm')} onConfirm={onDelete}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${title}`} />
          </ConfirmDelete>
        </Flex>
      }
    >
      {template.gid === null ? <Typography.Paragraph type="secondary">{t('invitations.templates.defaultHelp')}</Typography.Paragraph> : null}
      <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ whiteSpace: 'pre-wrap' }}>
        {letter}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('invitations.templates.updated', { time: formatDateTime(template.updateTime) })}</Typography.Text>
    </Card>
  );
}

/**
 * The company's invitation templates (basic settings): a tab per type with its default and its entrances' templates;
 * add, edit (texts in both languages beside a preview of the mail) and delete after a confirmation.
 */
export function TemplatesSection({ withGates = true }: { withGates?: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const templates = useCompanyTemplates();
  const gates = useScopeGates(withGates);
  const del = useDeleteCompanyTemplate();
  const [editing, setEditing] = useState<{ type: TemplateType; template: InvitationTemplateRecord | null } | null>(null);

  const ofType = (type: TemplateType) => (templates.data ?? []).filter((x) => x.templateType === type);
  const takenFor = (type: TemplateType, except?: number) => new Set(ofType(type).flatMap((x) => (x.id === except ? [] : [x.gid ?? DEFAULT_SCOPE])));
  const remove = async (x: InvitationTemplateRecord) => {
    await del.mutateAsync(x.id);
    void message.success(t('invitations.templates.deleted'));
  };

  const panel = (type: TemplateType) => {
    const list = ofType(type);
    const typeName = label('invitationTemplate', type);
    const full = takenFor(type).size >= 1 + (gates.data?.length ?? 0);
    if (!list.length)
      return (
        <Empty description={t('invitations.templates.empty', { type: typeName })} data-testid={`templates-empty-${type}`}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ type, template: null })}>
            {t('invitations.templates.addDefault')}
          </Button>
        </Empty>
      );
    return (
      <Flex vertical gap={12}>
        <Button icon={<PlusOutlined />} disabled={full} onClick={() => setEditing({ type, template: null })} style={{ alignSelf: 'flex-start' }}>
          {t('invitations.templates.add')}
        </Button>
        {list.map((x) => (
          <TemplateCard key={x.id} template={x} onEdit={() => setEditing({ type, template: x })} onDelete={() => remove(x)} />
        ))}
      </Flex>
    );
  };

  return (
    <Card title={t('invitations.templates.title')} data-testid="templates-section">
      <Typography.Paragraph type="secondary">{t('invitations.templates.intro')}</Typography.Paragraph>
      {templates.isPending ? (
        <Skeleton active />
      ) : (
        <Tabs items={TEMPLATE_TYPES.map((type) => ({ key: String(type), label: label('invitationTemplate', type), children: panel(type) }))} />
      )}
      {editing ? (
        <TemplateDrawer
          key={editing.template?.id ?? `new-${editing.type}`}
          type={editing.type}
          template={editing.template}
          taken={takenFor(editing.type, editing.template?.id)}
          withGates={withGates}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
