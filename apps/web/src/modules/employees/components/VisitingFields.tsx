import { NOTIFY_CHANNEL_MAX, NotifyChannel, visitTypeText } from '@openvisit/contract';
import { Checkbox, Select } from 'antd';
import { useVisitorTypes } from '../../../core/sites/public';
import { useLabel, useLang } from '../../../platform/i18n';

const CHANNELS = Object.values(NotifyChannel).filter((bit) => bit <= NOTIFY_CHANNEL_MAX);

/** The employee's notification channels (the `defaultNotify` bit set) as the channels' names to tick. */
export function NotifyChannelsInput({
  value,
  onChange,
  id,
  name,
}: {
  value?: number | null;
  onChange?: (v: number) => void;
  id?: string;
  name: string;
}) {
  const label = useLabel();
  const bits = value ?? 0;
  return (
    <fieldset id={id} aria-label={name} style={{ border: 0, margin: 0, padding: 0 }}>
      <Checkbox.Group
        value={CHANNELS.filter((bit) => (bits & bit) !== 0)}
        onChange={(checked) => onChange?.((checked as number[]).reduce((all, bit) => all | bit, 0))}
        options={CHANNELS.map((bit) => ({ value: bit, label: label('notifyChannel', bit) }))}
      />
    </fieldset>
  );
}

/**
 * The visit type an employee receives by default, chosen among the company's visitor types (stored as the type's
 * '中文#English' name). A stored name no longer among them is still offered, so opening the form changes nothing.
 */
export function VisitTypeSelect({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const lang = useLang();
  const types = useVisitorTypes();
  const names = (types.data ?? []).map((t) => t.vType);
  if (value && !names.includes(value)) names.push(value);
  return (
    <Select
      id={id}
      allowClear
      loading={types.isPending}
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v ?? '')}
      options={names.map((name) => ({ value: name, label: visitTypeText(name, lang) || name }))}
    />
  );
}
