import { type HolidayImportResult, type HolidaySource, Status } from '@openvisit/contract';
import { App, Button, Form, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { useHolidayCountries, useImportHolidays } from '../api';

interface LoadForm {
  source: HolidaySource;
  country?: string;
  region?: string;
}

/**
 * Loads a year's public holidays into the calendar from the packages the server ships (the mainland's statutory days
 * with make-up working days, or a country's): days the company set differently are kept, listed, and replaced only
 * when the reader says so.
 */
export function HolidayImport({ year }: { year: number }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const load = useImportHolidays();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<LoadForm>();
  const source = Form.useWatch('source', form);
  const country = Form.useWatch('country', form);
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const countries = useHolidayCountries(country, lang, open && source === 'country');
  const options = (list: { code: string; name: string }[] | undefined) =>
    (list ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));

  const askToReplace = (r: HolidayImportResult, input: LoadForm) =>
    modal.confirm({
      title: t('passRules.holiday.load.keptTitle', { count: r.kept.length }),
      content: (
        <ul data-testid="holiday-kept">
          {r.kept.map((k) => (
            <li key={k.hdate}>{t('passRules.holiday.load.keptLine', { date: k.hdate, mine: k.hname, theirs: k.importedName })}</li>
          ))}
        </ul>
      ),
      okText: t('passRules.holiday.load.replace'),
      cancelText: t('passRules.holiday.load.keep'),
      onOk: async () => {
        const again = await load.mutateAsync({ year, ...input, replace: true });
        void message.success(t('passRules.holiday.load.replacedDone', { count: again.replaced }));
      },
    });

  const submit = async (v: LoadForm) => {
    const input = v.source === 'cn' ? { source: v.source } : { source: v.source, country: v.country, region: v.region };
    try {
      const r = await load.mutateAsync({ year, ...input });
      setOpen(false);
      void message.success(t('passRules.holiday.load.done', { added: r.added, unchanged: r.unchanged }));
      if (r.kept.length) askToReplace(r, input);
    } catch (err) {
      if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.BAD_PARAMS) throw err;
      const fields = err.fieldErrors.map((e) => e.field);
      if (fields.includes('year')) form.setFields([{ name: 'source', errors: [t('passRules.holiday.load.noData', { year })] }]);
      else form.setFields([{ name: fields.includes('region') ? 'region' : 'country', errors: [t('passRules.holiday.load.badPlace')] }]);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="holiday-load">
        {t('passRules.holiday.load.open')}
      </Button>
      <Modal
        open={open}
        destroyOnHidden
        title={t('passRules.holiday.load.title', { year })}
        okText={t('passRules.holiday.load.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={load.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        data-testid="holiday-load-modal"
      >
        <Form<LoadForm> form={form} layout="vertical" initialValues={{ source: lang === 'zh' ? 'cn' : 'country' }} onFinish={submit} preserve={false}>
          <Form.Item name="source" label={t('passRules.holiday.load.source')}>
            <Radio.Group
              options={[
                { value: 'cn', label: t('passRules.holiday.load.cn') },
                { value: 'country', label: t('passRules.holiday.load.country') },
              ]}
            />
          </Form.Item>
          {source === 'cn' && <Typography.Paragraph type="secondary">{t('passRules.holiday.load.cnHelp')}</Typography.Paragraph>}
          {source === 'country' && (
            <>
              <Form.Item
                name="country"
                label={t('passRules.holiday.load.countryLabel')}
                // Antd keeps a field's rule a moment after it unmounts: required only while a country is the source.
                rules={[({ getFieldValue }) => ({ required: getFieldValue('source') === 'country', message: t('passRules.holiday.load.required') })]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={countries.isFetching}
                  options={options(countries.data?.countries)}
                  onChange={() => form.setFieldValue('region', undefined)}
                  data-testid="holiday-country"
                />
              </Form.Item>
              <Form.Item name="region" label={t('passRules.holiday.load.region')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={options(countries.data?.regions)}
                  data-testid="holiday-region"
                />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
