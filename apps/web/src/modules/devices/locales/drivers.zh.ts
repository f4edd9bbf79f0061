import type { DeepStrings } from '../../../platform/locales/types';
import type { driversEn } from './drivers.en';

export const driversZh: DeepStrings<typeof driversEn> = {
  driver: '驱动',
  names: { openvisit: 'OpenVisit', hikvision: '海康 ISAPI', zkteco: '中控 PUSH' },
  help: {
    openvisit: '本系统自有协议：读头每次刷码时询问服务器，人脸终端从服务器拉取人员。',
    hikvision: '服务器通过 ISAPI 按设备地址和端口、使用设备账号向设备写入人员。服务器必须能访问到该设备。',
    zkteco: '由设备主动连接服务器（可位于 NAT 之后），并以序列号标识自己；服务器回复其应保存的人员。',
  },
  user: '设备账号',
  userHelp: '设备的管理员账号（ISAPI），例如 admin。',
  password: '设备密码',
  passwordStored: '已保存 — 留空则保持不变',
  passwordHelp: '在服务器上加密保存，不再显示。',
  tls: 'HTTPS',
  tlsHelp: '通过 HTTPS 访问设备。未填端口时，HTTPS 使用 443，否则使用 80。',
  zkSerial: '标识即设备的序列号（SN），可在设备的系统信息中查看。',
  zkServer: '请在设备的“云服务器 / ADMS 设置”中填写本服务器的地址和端口，设备随后会自行连接服务器。',
  kindUnsupported: '该驱动不支持为此类设备保存人员',
};
