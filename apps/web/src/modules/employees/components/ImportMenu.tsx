import { ApartmentOutlined, DownOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportKind, ImportWizard } from './ImportWizard';

/** The toolbar's Import menu: employees or departments from a spreadsheet, each through the import wizard. */
export function ImportMenu() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind | null>(null);
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'employees', icon: <TeamOutlined />, label: t('employees.import.menu.employees') },
            { key: 'departments', icon: <ApartmentOutlined />, label: t('employees.import.menu.departments') },
          ],
          onClick: ({ key }) => setKind(key as ImportKind),
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="import-menu">
          {t('employees.import.menu.button')} <DownOutlined />
        </Button>
      </Dropdown>
      {kind && <ImportWizard kind={kind} open onClose={() => setKind(null)} />}
    </>
  );
}
