import { LoginOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { type LogisticsBooking, LogisticsStatus, logisticsArrive, logisticsLeave, logisticsRelease, Status } from '@openvisit/contract';
import { App, Button, Popconfirm } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { ApiError } from '../../../platform/apiError';
import { DAY_FORMAT } from '../../../platform/format';
import { useGateMove } from '../api';

export type GateMove = 'arrive' | 'release' | 'leave';

/**
 * The moves a booking allows now, as the server's gate rules say: an approved truck booked for `today` arrives; an
 * arrived one not yet gone may be released for exit (once) and leaves.
 */
export function gateMoves(
  b: Pick<LogisticsBooking, 'pstatus' | 'appointmentDate' | 'visitdate' | 'exitTime' | 'leaveTime'>,
  today: string,
): GateMove[] {
  if (b.pstatus !== LogisticsStatus.APPROVED) return [];
  if (b.visitdate === null) return b.appointmentDate === today ? ['arrive'] : [];
  if (b.leaveTime !== null) return [];
  return b.exitTime === null ? ['release', 'leave'] : ['leave'];
}

const ICONS = { arrive: <LoginOutlined />, release: <UnlockOutlined />, leave: <LogoutOutlined /> };

/**
 * A booking's gate moves for whoever may make them (each call's access read from the contract), each confirmed: the
 * desk signs trucks in and out; the exit release is the logistics staff's (the managers', the specialist's and the
 * administrators'), so a desk account sees whether a truck was released but not the button.
 */
export function GateMoveButtons({
  booking: b,
  size,
  onDone,
}: {
  booking: LogisticsBooking;
  size?: 'small' | 'middle';
  onDone?: (b: LogisticsBooking) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const move = useGateMove();
  const allowed: Record<GateMove, boolean> = {
    arrive: useCanCall(logisticsArrive),
    release: useCanCall(logisticsRelease),
    leave: useCanCall(logisticsLeave),
  };
  const moves = gateMoves(b, dayjs().format(DAY_FORMAT)).filter((m) => allowed[m]);
  const run = async (m: GateMove) => {
    try {
      const moved = await move.mutateAsync({ sid: b.sid, move: m });
      void message.success(t(`logistics.desk.done.${m}`, { plate: b.plateNum }));
      onDone?.(moved);
    } catch (err) {
      // The rest is shown by the error policy.
      if (err instanceof ApiError && err.status === Status.EXAM_REQUIRED && err.http === undefined)
        void message.warning(t('logistics.desk.inductionOwed', { name: b.dname }));
    }
  };
  return (
    <>
      {moves.map((m) => (
        <Popconfirm
          key={m}
          title={t(m === 'leave' && b.exitTime === null ? 'logistics.desk.confirm.leaveUnreleased' : `logistics.desk.confirm.${m}`, {
            plate: b.plateNum,
          })}
          onConfirm={() => run(m)}
        >
          <Button size={size} type={m === 'leave' ? 'default' : 'primary'} icon={ICONS[m]} loading={move.isPending && move.variables?.move === m}>
            {t(`logistics.desk.${m}`)}
          </Button>
        </Popconfirm>
      ))}
    </>
  );
}
