import { LOGISTICS_FIELD_GROUPS, type LogisticsBooking, type LogisticsFieldGroup, type LogisticsType, labelIn } from '@openvisit/contract';
import { Descriptions, Drawer, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IdNumberText } from '../../../core/people/public';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { BookingPhotos } from './BookingPhotos';
import { BookingStatusTag } from './BookingStatusTag';

/** A group's recorded values under their field labels (the type's, else the key when the field was since removed). */
function extendItems(booking: LogisticsBooking, group: LogisticsFieldGroup, type: LogisticsType | undefined, lang: 'zh' | 'en') {
  return Object.entries(booking[group]).map(([key, value]) => {
    const field = type?.[group].find((f) => f.fieldName === key);
    const shown = field?.inputType === 'button' ? labelIn(value, lang) : value;
    return { key: `${group}.${key}`, label: field ? labelIn(field.displayName, lang) : key, children: shown };
  });
}

/** Everything about one booking: the truck, people, goods, the type's own fields by their labels, photos and its history. */
/** A booking's sender or driver: name, phone and ID number (masked, shown whole on request). */
function PersonLine({ name, phone, of, sid, masked }: { name: string; phone: string; of: 'sender' | 'driver'; sid: number; masked: string }) {
  return (
    <Space size={4} wrap split="·">
      {[name, phone].filter(Boolean).map((s) => (
        <span key={s}>{s}</span>
      ))}
      {masked && <IdNumberText of={of} id={sid} masked={masked} />}
    </Space>
  );
}

export function BookingDrawer({
  booking,
  types,
  onClose,
  extra,
}: {
  booking: LogisticsBooking | null;
  types: readonly LogisticsType[];
  onClose: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const b = booking;
  const type = b ? types.find((x) => x.tid === b.logType) : undefined;
  const item = (key: string, children: ReactNode) => ({ key, label: t(`logistics.fields.${key}` as 'logistics.fields.goods'), children });
  return (
    <Drawer
      open={b !== null}
      onClose={onClose}
      size={640}
      title={b ? t('logistics.detail.title', { num: b.logNum }) : ''}
      extra={extra}
      destroyOnHidden
    >
      {b ? (
        <Flex vertical gap={16} data-testid="booking-detail">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              item('status', <BookingStatusTag pstatus={b.pstatus} />),
              item('logType', labelIn(b.logTypeName, lang)),
              item('company', b.company || '—'),
              item('companyPhone', b.companyPhone || '—'),
              item('appointmentDate', b.appointmentDate),
              item('plateNum', b.plateNum),
              item('goods', b.goods || '—'),
              item('load', b.loadStart || b.loadEnd ? `${formatDateTime(b.loadStart)} – ${formatDateTime(b.loadEnd)}` : '—'),
              item('sender', <PersonLine name={b.sname} phone={b.smobile} of="sender" sid={b.sid} masked={b.scardId} />),
              item('driver', <PersonLine name={b.dname} phone={b.dmobile} of="driver" sid={b.sid} masked={b.dcardId} />),
              item('memberInfo', b.memberInfo.length ? b.memberInfo.map((m) => [m.name, m.phone].filter(Boolean).join(' ')).join('; ') : '—'),
              ...LOGISTICS_FIELD_GROUPS.flatMap((g) => extendItems(b, g, type, lang)),
              item('remark', b.remark || '—'),
              item('approver', b.approver ? `${b.approver} · ${formatDateTime(b.approveTime)}` : '—'),
              ...(b.approveReason ? [item('approveReason', b.approveReason)] : []),
              item('visitdate', formatDateTime(b.visitdate)),
              item('exitTime', formatDateTime(b.exitTime)),
              item('leaveTime', formatDateTime(b.leaveTime)),
              item('source', t(b.source === 'link' ? 'logistics.source.link' : 'logistics.source.console')),
              item('createTime', `${formatDateTime(b.createTime)}${b.creator ? ` · ${b.creator}` : ''}`),
            ]}
          />
          <BookingPhotos keys={b.photoInfo} />
        </Flex>
      ) : null}
    </Drawer>
  );
}
