import { EyeOutlined } from '@ant-design/icons';
import { type IdNumberHolder, revealIdNumber } from '@openvisit/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { canCall } from '../../platform/access';
import { api } from '../../platform/api';

/**
 * A certificate number as every answer gives it, masked, with "Show" for the roles that may read it whole: each
 * reading is a call the server logs (revealIdNumber), so the whole number is never in a list or a cache.
 */
export function IdNumberText({ of, id, masked, prefix = '' }: { of: IdNumberHolder; id: number; masked: string; prefix?: string }) {
  const { t } = useTranslation();
  const reveal = useMutation({ mutationFn: () => api.revealIdNumber({ of, id }) });
  if (!masked) return <>—</>;
  const whole = reveal.data?.idNumber;
  return (
    <Space size={4} wrap>
      <span data-testid={`id-number-${of}`}>{[prefix, whole ?? masked].filter(Boolean).join(' ')}</span>
      {whole === undefined && canCall(revealIdNumber) && (
        <Tooltip title={t('privacy.idNumber.logged')}>
          <Button size="small" type="link" icon={<EyeOutlined />} loading={reveal.isPending} onClick={() => reveal.mutate()}>
            {t('privacy.idNumber.show')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
