import { LoginOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { type LogisticsBooking, Status } from '@openvisit/contract';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { useGateMove } from '../api';

export type GateMove = 'arrive' | 'release' | 'leave';

const MOVES: readonly GateMove[] = ['arrive', 'release', 'leave'];

/** The gate moves the booking says the caller may make now (the server's policy: its state, its day, the caller's calls). */
export function gateMoves(b: Pick<LogisticsBooking, 'can'>): GateMove[] {
  return MOVES.filter((m) => b.can[m]);
}

const ICONS = { arrive: <LoginOutlined />, release: <UnlockOutlined />, leave: <LogoutOutlined /> };

/**
 * A booking's gate moves as the booking answers them, each confirmed: the desk signs trucks in and out; the exit
 * release is the logistics staff's (the managers', the specialist's and the administrators'), so a desk account sees
 * whether a truck was released but not the button.
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
  const moves = gateMoves(b);
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
