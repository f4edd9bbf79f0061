import type { LogisticsBooking } from '@openvisit/contract';

/** What the server answers a manager may do to a waiting booking; a test of another state or role names its own. */
export const WAITING_CAN: LogisticsBooking['can'] = { edit: true, approve: true, refuse: true, arrive: false, release: false, leave: false };

/** A booking as the calls answer it, waiting for approval; `extra` changes what a test is about. */
export function sampleBooking(extra: Partial<LogisticsBooking> = {}): LogisticsBooking {
  return {
    sid: 5,
    logNum: 'WL202605060001',
    logType: 1,
    logTypeName: '送货#Delivery',
    companyId: 2,
    company: 'Swift Haulage',
    companyPhone: '',
    sname: 'Sam',
    smobile: '13900001111',
    scardId: '',
    dname: 'Dan Driver',
    dmobile: '13900002222',
    dcardId: '11010519491231002X',
    plateNum: '粤B12345',
    goods: 'Steel',
    loadStart: null,
    loadEnd: null,
    appointmentDate: '2030-05-06',
    memberInfo: [],
    photoInfo: [],
    driverExtend: {},
    vehicleExtend: { f1: 'Blue' },
    goodsExtend: {},
    logExtend: {},
    remark: '',
    pstatus: 0,
    approver: '',
    approveTime: null,
    approveReason: '',
    visitdate: null,
    exitTime: null,
    leaveTime: null,
    finishTime: null,
    source: 'link',
    creator: '',
    createTime: 1,
    can: WAITING_CAN,
    ...extra,
  };
}
