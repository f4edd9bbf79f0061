/**
 * How people read moments, numbers and durations: one formatter per kind and language, used by the console, the kiosk,
 * mails, PDFs and exports alike, so a visit's time reads the same on every one of them. Written from the Date's own
 * fields in the local time zone (the browser's in the console and kiosk, the server's in mails and files, as its
 * calendar days are), never through the locale's defaults, which differ between browsers and Node's ICU builds.
 *
 *            date            time    date-time                 with weekday
 *   zh       2026-11-24      18:25   2026-11-24 18:25          2026-11-24 周二 18:25
 *   en       24 Nov 2026     18:25   24 Nov 2026, 18:25        Tue 24 Nov 2026, 18:25
 */
type Lang = 'zh' | 'en';
type Moment = Date | number;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
};
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const asDate = (at: Moment) => (typeof at === 'number' ? new Date(at) : at);

/** A calendar day: 2026-11-24 / 24 Nov 2026. A yyyy-mm-dd string is that day as written (no time zone shift). */
export function formatDate(at: Moment | string, lang: Lang): string {
  if (typeof at === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(at);
    if (!m) return at;
    return lang === 'zh' ? `${m[1]}-${m[2]}-${m[3]}` : `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ''} ${m[1]}`;
  }
  const d = asDate(at);
  return lang === 'zh'
    ? `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
    : `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** A time of day on the 24-hour clock, both languages: 18:25 (18:25:07 with seconds). */
export function formatTime(at: Moment, _lang: Lang, options: { seconds?: boolean } = {}): string {
  const d = asDate(at);
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return options.seconds ? `${hm}:${two(d.getSeconds())}` : hm;
}

/** A moment: 2026-11-24 18:25 / 24 Nov 2026, 18:25; with its weekday where a person plans by it (an invitation). */
export function formatDateTime(at: Moment, lang: Lang, options: { seconds?: boolean; weekday?: boolean } = {}): string {
  const d = asDate(at);
  const day = formatDate(d, lang);
  const time = formatTime(d, lang, options);
  const weekday = options.weekday ? WEEKDAYS[lang][d.getDay()] : '';
  if (lang === 'zh') return weekday ? `${day} ${weekday} ${time}` : `${day} ${time}`;
  return weekday ? `${weekday} ${day}, ${time}` : `${day}, ${time}`;
}

/** A day of the year without the year, as a chart's axis names it: 11月24日 / 24 Nov. */
export function formatDayMonth(at: Moment | string, lang: Lang): string {
  const [month, day] =
    typeof at === 'string'
      ? (() => {
          const m = /^\d{4}-(\d{2})-(\d{2})/.exec(at);
          return m ? [Number(m[1]) - 1, Number(m[2])] : [Number.NaN, Number.NaN];
        })()
      : [asDate(at).getMonth(), asDate(at).getDate()];
  if (Number.isNaN(month)) return String(at);
  return lang === 'zh' ? `${month + 1}月${day}日` : `${day} ${MONTHS[month]}`;
}

/**
 * The same forms as patterns of dayjs / moment tokens, for what formats by pattern (the console's date pickers show
 * and read their value in these): each renders exactly what the formatter above writes (dates.test.ts in the web
 * app checks them against dayjs).
 */
export const DATE_PATTERNS: Readonly<Record<Lang, { date: string; time: string; dateTime: string; dayMonth: string }>> = {
  zh: { date: 'YYYY-MM-DD', time: 'HH:mm', dateTime: 'YYYY-MM-DD HH:mm', dayMonth: 'M月D日' },
  en: { date: 'D MMM YYYY', time: 'HH:mm', dateTime: 'D MMM YYYY, HH:mm', dayMonth: 'D MMM' },
};

/** A span of minutes: 45分钟 / 45 min, 2小时5分钟 / 2 h 5 min, 3天2小时 / 3 d 2 h. */
export function formatDuration(minutes: number, lang: Lang): string {
  const m = Math.max(0, Math.round(minutes));
  const [d, h, min, gap] = lang === 'zh' ? ['天', '小时', '分钟', ''] : [' d', ' h', ' min', ' '];
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const mins = m % 60;
  if (days) return hours ? `${days}${d}${gap}${hours}${h}` : `${days}${d}`;
  if (hours) return mins ? `${hours}${h}${gap}${mins}${min}` : `${hours}${h}`;
  return `${mins}${min}`;
}

/** How long ago (or until): 刚刚 / just now, 5分钟前 / 5 min ago, 2小时后 / in 2 h; past a week, the date. */
export function formatRelative(at: Moment, now: Moment, lang: Lang): string {
  const diff = asDate(now).getTime() - asDate(at).getTime();
  const minutes = Math.round(Math.abs(diff) / 60_000);
  if (minutes < 1) return lang === 'zh' ? '刚刚' : 'just now';
  if (minutes >= 7 * 1440) return formatDate(at, lang);
  const span = formatDuration(minutes >= 1440 ? Math.floor(minutes / 1440) * 1440 : minutes >= 60 ? Math.floor(minutes / 60) * 60 : minutes, lang);
  if (lang === 'zh') return `${span}${diff >= 0 ? '前' : '后'}`;
  return diff >= 0 ? `${span} ago` : `in ${span}`;
}

/** A count with thousands grouped: 1,234,567 in both languages (as Chinese business text writes them too). */
export function formatNumber(n: number, _lang: Lang, options: { maximumFractionDigits?: number } = {}): string {
  const digits = options.maximumFractionDigits ?? 0;
  const [whole, fraction] = (Math.round(n * 10 ** digits) / 10 ** digits).toFixed(digits).split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction?.replace(/0+$/, '');
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}

/** A label before its value: 主人： / Host: — the colon of the label's own script (full-width after Chinese). */
export function withColon(label: string): string {
  return /[\u3000-\u9fff\uff00-\uffef]$/.test(label) ? `${label}：` : `${label}: `;
}
