import { GRANT_AREAS, type GrantArea, grantAreaLabels } from '@openvisit/contract';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../platform/i18n';

/** The label of a granted module in the console's language (the contract's `grantAreaLabels`). */
export function useModuleLabel(): (module: string) => string {
  const lang = useLang();
  return (module) => (grantAreaLabels as Record<string, { zh: string; en: string } | undefined>)[module]?.[lang] ?? module;
}

/** A list of granted modules as text, for the staff-account list. */
export function useModulesText(): (modules: readonly string[]) => string {
  const { t } = useTranslation();
  const moduleLabel = useModuleLabel();
  return (modules) => modules.map(moduleLabel).join(t('common.listSeparator'));
}

/** A sub-administrator's modules (AddManager / UpdateManager `modules`): at least one, as the contract requires. */
export function ModuleGrantsField() {
  const { t } = useTranslation();
  const moduleLabel = useModuleLabel();
  return (
    <Form.Item
      label={t('accounts.managers.fields.modules')}
      name="modules"
      extra={t('accounts.managers.modulesHelp')}
      rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }]}
    >
      <Checkbox.Group
        data-testid="manager-modules"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', rowGap: 8 }}
        options={GRANT_AREAS.map((m: GrantArea) => ({ value: m, label: moduleLabel(m) }))}
      />
    </Form.Item>
  );
}
