import { deviceTypeLabels, formatDateTime, type Lang } from '@openvisit/contract';
import { mailLayout } from '../../platform/messages/mailLayout.js';

/** A device as the mails name it. */
export interface EpisodeDevice {
  type: number;
  name: string;
  clientId: string;
  ip: string;
  lastHeartbeat: Date;
}

function line(d: EpisodeDevice, lang: Lang): string {
  const type = deviceTypeLabels[d.type as 1 | 2 | 3]?.[lang] ?? String(d.type);
  const name = d.name || d.clientId;
  const last = formatDateTime(d.lastHeartbeat, lang);
  if (lang === 'zh') return `${name}（${type}${d.ip ? `，${d.ip}` : ''}），最后心跳 ${last}`;
  return `${name} (${type}${d.ip ? `, ${d.ip}` : ''}), last heartbeat ${last}`;
}

/** To the administrators: devices stopped reporting (one mail per company and sweep, however many went offline). */
export function offlineMail(lang: Lang, v: { devices: EpisodeDevice[]; minutes: number; link: string }) {
  const n = v.devices.length;
  const first = v.devices[0]?.name || v.devices[0]?.clientId || '';
  const lines = v.devices.map((d) => line(d, lang));
  if (lang === 'zh')
    return {
      subject: n === 1 ? `设备离线：${first}` : `${n} 台设备离线`,
      ...mailLayout(
        '设备离线',
        [`以下设备已超过 ${v.minutes} 分钟未上报心跳：`, ...lines],
        { href: v.link, label: '查看设备监控' },
        '设备恢复上报后会再通知您。',
      ),
    };
  return {
    subject: n === 1 ? `Device offline: ${first}` : `${n} devices offline`,
    ...mailLayout(
      'Devices offline',
      [`These devices have not reported for more than ${v.minutes} minutes:`, ...lines],
      { href: v.link, label: 'Open the device monitor' },
      'You will be told again when they report back.',
    ),
  };
}

/** To the administrators: devices told offline have reported again. */
export function backOnlineMail(lang: Lang, v: { devices: EpisodeDevice[]; link: string }) {
  const n = v.devices.length;
  const first = v.devices[0]?.name || v.devices[0]?.clientId || '';
  const lines = v.devices.map((d) => line(d, lang));
  if (lang === 'zh')
    return {
      subject: n === 1 ? `设备恢复在线：${first}` : `${n} 台设备恢复在线`,
      ...mailLayout('设备恢复在线', ['以下设备已重新上报心跳：', ...lines], { href: v.link, label: '查看设备监控' }, '无需处理。'),
    };
  return {
    subject: n === 1 ? `Device back online: ${first}` : `${n} devices back online`,
    ...mailLayout(
      'Devices back online',
      ['These devices have reported again:', ...lines],
      { href: v.link, label: 'Open the device monitor' },
      'Nothing to do.',
    ),
  };
}
