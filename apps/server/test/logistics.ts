import type * as c from '@openvisit/contract';
import type { CallInput } from '@openvisit/contract';
import { dayOf } from '../src/platform/formats/days.js';
import type { TestApp } from './harness.js';

/** Shared pieces of the logistics tests: a type with a field of each kind, a carrier, a booking's input. */
export const DRIVER_ID = '11010519491231002X';
export const OTHER_DRIVER_ID = '440304199001011233';
export const today = () => dayOf(new Date());
export const dayAfter = (n: number) => dayOf(new Date(Date.now() + n * 86_400_000));

export const typeInput: CallInput<typeof c.addExtendType> = {
  name: '冷链#Cold chain',
  driverExtend: [{ fieldName: 'licence', displayName: '驾驶证#Licence', inputType: 'text', required: true }],
  vehicleExtend: [
    { fieldName: 'axles', displayName: '轴数#Axles', inputType: 'button', inputValue: ['2', '3', '4'], required: true },
    { fieldName: 'inspected', displayName: '年检#Inspected', inputType: 'date' },
    { fieldName: 'hiddenNote', displayName: '内部#Internal', inputType: 'text', shown: false },
  ],
  goodsExtend: [],
  logExtend: [],
};

export function bookingInput(logType: number, over: Record<string, unknown> = {}) {
  return {
    logType,
    sname: '王发货',
    smobile: '13800138000',
    dname: '李司机',
    dmobile: '13900139000',
    dcardId: DRIVER_ID,
    plateNum: '粤B12345',
    goods: 'Frozen fish',
    appointmentDate: today(),
    loadStart: Date.now() + 3_600_000,
    loadEnd: Date.now() + 7_200_000,
    driverExtend: { licence: 'A2-123' },
    vehicleExtend: { axles: '3' },
    ...over,
  };
}

/** A type and a booking of company `token`; answers their ids. */
export async function seedBooking(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  const type = await t.api.addExtendType(
    { ...typeInput, name: `类型${Math.random().toString(36).slice(2, 7)}#Type ${Math.random().toString(36).slice(2, 7)}` },
    token,
  );
  if (type.status !== 0) throw new Error(type.reason);
  const booking = await t.api.addLogisticsInfo(bookingInput(type.result.tid, over), token);
  if (booking.status !== 0) throw new Error(`${booking.reason} ${JSON.stringify(booking.result)}`);
  return { tid: type.result.tid, sid: booking.result.sid, booking: booking.result };
}
