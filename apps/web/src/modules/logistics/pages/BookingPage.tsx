import { type CallOutput, type getExtendTypeInfo, Status, uploadLogisticsBookingPhoto } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, uploadFile } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { CaptchaField, useCaptcha, useCaptchaSubmit } from '../../auth/public';
import { BookingFields } from '../components/BookingFields';
import { type BookingValues, bookingBody, bookingValues, placeBookingErrors } from '../form';

/** A link that names no company's booking page (unknown, replaced or mistyped): the same words for each. */
const NOT_A_LINK: readonly number[] = [Status.LOGISTICS_LINK_INVALID, Status.BAD_PARAMS];
type Booked = { logNum: string; appointmentDate: string };

/**
 * /logistics-booking?token=…: a carrier books a truck from the link the company handed out, without signing in (the
 * captcha when the installation asks for one); the booking waits for the logistics manager's approval. Plain elements
 * rather than antd's Card and Typography, as on the other public pages.
 */
export function BookingPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const page = useQuery({
    queryKey: ['logistics', 'bookingPage', token],
    queryFn: () => api.getExtendTypeInfo({ token }, { silent: NOT_A_LINK }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const captcha = useCaptcha();
  const [form] = Form.useForm<BookingValues & { vcode?: string }>();
  const tid = Form.useWatch('logType', form);
  const [booked, setBooked] = useState<Booked | null>(null);
  const data: CallOutput<typeof getExtendTypeInfo> | undefined = page.data;
  const type = data?.types.find((x) => x.tid === tid);
  const photos = useMemo(
    () => ({ upload: (file: Blob, name: string) => uploadFile(uploadLogisticsBookingPhoto, file, name, { token }, { silent: 'form' }) }),
    [token],
  );

  const { busy, submit } = useCaptchaSubmit(form, captcha, async (v, digest) => {
    try {
      const done = await api.addLogisticsBooking({ token, ...(digest && { digest }), ...bookingBody(v, type) }, { silent: 'form' });
      setBooked(done);
    } catch (err) {
      // Field failures go on their fields here (nested paths); anything else to the shared handler, which shows it.
      if (!(err instanceof ApiError) || err.status !== Status.BAD_PARAMS || err.http !== undefined) throw err;
      placeBookingErrors(form, err, t);
      throw new Error('placed');
    }
  });

  if (token && page.isPending) return <Result icon={<Spin size="large" />} title={t('logistics.public.loading')} />;
  const invalid = !token || (page.error instanceof ApiError && page.error.http === undefined && NOT_A_LINK.includes(page.error.status));
  if (invalid) return <Result status="warning" title={t('logistics.public.invalidTitle')} subTitle={t('logistics.public.invalidText')} />;
  if (!data)
    return <Result status="error" title={t('http.linkError')} extra={<Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>} />;
  if (booked)
    return (
      <Result
        status="success"
        title={t('logistics.public.doneTitle')}
        subTitle={t('logistics.public.doneText', { num: booked.logNum, date: booked.appointmentDate })}
        data-testid="booking-received"
        extra={
          <Button
            onClick={() => {
              setBooked(null);
              form.resetFields();
            }}
          >
            {t('logistics.public.another')}
          </Button>
        }
      />
    );
  return (
    <>
      <h1 style={{ fontSize: 22, marginTop: 0 }}>{t('logistics.public.heading', { company: data.company })}</h1>
      <p style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t('logistics.public.intro')}</p>
      {data.types.length ? (
        <Form form={form} name="logistics-public-booking" layout="vertical" initialValues={bookingValues(null)} onFinish={submit} autoComplete="off">
          <BookingFields types={data.types} carriers={data.carriers} type={type} photos={photos} country={data.country} />
          <CaptchaField captcha={captcha} />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('logistics.public.submit')}
          </Button>
        </Form>
      ) : (
        <Result status="info" title={t('logistics.public.noTypes')} />
      )}
    </>
  );
}
