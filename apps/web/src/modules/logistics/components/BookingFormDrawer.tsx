import { type LogisticsBooking, type LogisticsType, uploadLogisticsPhoto } from '@openvisit/contract';
import { App, Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { uploadFile } from '../../../platform/api';
import { useAllCarriers, useSaveBooking } from '../api';
import { type BookingValues, bookingBody, bookingValues, placeBookingErrors } from '../form';
import { BookingFields } from './BookingFields';
import { StoredPhoto } from './BookingPhotos';

const CONSOLE_PHOTOS = {
  upload: (file: Blob, name: string) => uploadFile(uploadLogisticsPhoto, file, name, {}, { silent: 'form' }),
  stored: (key: string, alt: string) => <StoredPhoto photoKey={key} alt={alt} />,
};

/** Books a truck, or changes a booking still waiting for approval; every field checked as typed with the contract's rules. */
export function BookingFormDrawer({
  open,
  booking,
  types,
  onClose,
}: {
  open: boolean;
  booking: LogisticsBooking | null;
  types: readonly LogisticsType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const carriers = useAllCarriers(open);
  const save = useSaveBooking();
  const country = useUserInfo().data?.country;
  const [form] = Form.useForm<BookingValues>();
  const tid = Form.useWatch('logType', form);
  const type = types.find((x) => x.tid === tid);

  const submit = async (v: BookingValues) => {
    try {
      const saved = await save.mutateAsync({ sid: booking?.sid ?? null, body: bookingBody(v, type) });
      void message.success(t(booking ? 'logistics.form.updated' : 'logistics.form.added', { num: saved.logNum }));
      onClose();
    } catch (err) {
      placeBookingErrors(form, err, t);
    }
  };

  return (
    <Drawer
      title={booking ? t('logistics.form.editTitle', { num: booking.logNum }) : t('logistics.form.addTitle')}
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="booking-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="logistics-booking"
        layout="vertical"
        initialValues={bookingValues(
          booking,
          types.find((x) => x.tid === booking?.logType),
        )}
        onFinish={submit}
        autoComplete="off"
      >
        <BookingFields types={types} carriers={carriers.data?.list ?? []} type={type} photos={CONSOLE_PHOTOS} country={country} />
      </Form>
    </Drawer>
  );
}
