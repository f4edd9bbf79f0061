import { DEFAULT_FACE_THRESHOLD, FACE_THRESHOLD_RANGE, formatNumber, setFaceThreshold } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Form, InputNumber, Progress, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { api } from '../../../platform/api';
import { useLang } from '../../../platform/i18n';

const facesKey = ['privacy', 'faces'] as const;

/**
 * How many people's faces the company holds now, against its threshold (a filing is due in China at 100,000), with a
 * warning near it, the visitors' face-recognition consents, and the threshold an administrator may change.
 */
export function FaceHoldings() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const held = useQuery({ queryKey: facesKey, queryFn: () => api.getFaceHoldings({}) });
  const save = useMutation({
    mutationFn: (threshold: number | null) => api.setFaceThreshold({ threshold }),
    onSuccess: () => {
      void message.success(t('privacy.faces.saved'));
      return qc.invalidateQueries({ queryKey: facesKey });
    },
  });
  const canSet = useCanCall(setFaceThreshold);
  const d = held.data;
  const n = (v: number) => formatNumber(v, lang);
  return (
    <Card title={t('privacy.faces.title')} data-testid="face-holdings">
      {!d ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={12}>
          {d.warning ? <Alert type="warning" showIcon title={t('privacy.faces.warning', { threshold: n(d.threshold) })} /> : null}
          <Progress
            percent={Math.min(100, (d.faces.total / d.threshold) * 100)}
            status={d.warning ? 'exception' : 'normal'}
            format={() => t('privacy.faces.total', { total: n(d.faces.total), threshold: n(d.threshold) })}
            aria-label={t('privacy.faces.title')}
          />
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              { key: 'employees', label: t('privacy.faces.employees'), children: n(d.faces.employees) },
              { key: 'visitors', label: t('privacy.faces.visitors'), children: n(d.faces.visitors) },
              { key: 'workers', label: t('privacy.faces.workers'), children: n(d.faces.workers) },
              { key: 'given', label: `${t('privacy.faces.consents')} · ${t('privacy.faces.given')}`, children: n(d.consents.given) },
              { key: 'withdrawn', label: `${t('privacy.faces.consents')} · ${t('privacy.faces.withdrawn')}`, children: n(d.consents.withdrawn) },
            ]}
          />
          {canSet ? (
            <Form
              layout="inline"
              key={d.threshold}
              initialValues={{ threshold: d.threshold }}
              onFinish={(v: { threshold: number }) => save.mutate(v.threshold)}
            >
              <Form.Item
                name="threshold"
                label={t('privacy.faces.threshold')}
                extra={t('privacy.faces.thresholdHelp', { min: n(FACE_THRESHOLD_RANGE.min), max: n(FACE_THRESHOLD_RANGE.max) })}
                rules={[
                  {
                    required: true,
                    type: 'integer',
                    min: FACE_THRESHOLD_RANGE.min,
                    max: FACE_THRESHOLD_RANGE.max,
                    message: t('privacy.faces.range', { min: n(FACE_THRESHOLD_RANGE.min), max: n(FACE_THRESHOLD_RANGE.max) }),
                  },
                ]}
              >
                <InputNumber precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('privacy.faces.save')}
              </Button>
              {d.threshold !== DEFAULT_FACE_THRESHOLD ? (
                <Button type="link" onClick={() => save.mutate(null)}>
                  {t('privacy.faces.reset')}
                </Button>
              ) : null}
            </Form>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
