import { Alert, Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The company's exemption clause (spec section 6): shown with a required "I accept" box; the form
 * then sends `acceptClause: true`. Renders nothing when the company has no clause.
 */
export function ClauseField({ clause, name = 'acceptClause' }: { clause: string | undefined; name?: string | (string | number)[] }) {
  const { t } = useTranslation();
  if (!clause?.trim()) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={t('employees.clause.title')}
      description={
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 160, overflowY: 'auto', marginBottom: 8 }} data-testid="escape-clause">
            {clause}
          </Typography.Paragraph>
          <Form.Item
            name={name}
            valuePropName="checked"
            style={{ marginBottom: 0 }}
            rules={[{ validator: async (_r, v: unknown) => (v === true ? undefined : Promise.reject(new Error(t('employees.clause.required')))) }]}
          >
            <Checkbox>{t('employees.clause.accept')}</Checkbox>
          </Form.Item>
        </>
      }
    />
  );
}
