import { certificateTypeLabels } from '@openvisit/contract';
import type { ReactNode } from 'react';
import type { CertificateType, WalkInField, WalkInValues, WalkInVisitorType } from '../../../core/walkIn/public';
import { label } from '../../../platform/i18n';
import { HostPicker } from '../../components/HostPicker';
import { labelOf } from '../../config';
import { useK } from '../../i18n';
import type { WalkInForm } from './useWalkInForm';

/** A failure's words in the kiosk's language (field, failure key). */
export type RuleText = (field: string, rule: string) => string;

const STANDARD_INPUT: Readonly<Record<string, { type?: string; inputMode?: 'tel' | 'decimal' | 'email' | 'text'; upper?: boolean }>> = {
  vname: {},
  vphone: { type: 'tel', inputMode: 'tel' },
  vcompany: {},
  vemail: { type: 'email', inputMode: 'email' },
  belongings: {},
  plateNum: { upper: true },
  temperature: { inputMode: 'decimal' },
};

interface FieldProps {
  field: WalkInField;
  form: WalkInForm;
  ruleText: RuleText;
}

/** A labelled field with its failure below. */
function Row({ field, form, ruleText, errorKey = field.fieldName, children }: FieldProps & { errorKey?: string; children: ReactNode }) {
  const { t, lang } = useK();
  const message = form.visible(errorKey);
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={`k-f-${field.fieldName}`}>
        {labelOf(field.displayName, lang)}
        {field.required ? null : <small>{t('common.optional')}</small>}
      </label>
      {children}
      <span className="k-error" data-testid={`error-${errorKey}`}>
        {message ? ruleText(errorKey, message) : ''}
      </span>
    </div>
  );
}

function TextInput({ field: f, form }: Omit<FieldProps, 'ruleText'>) {
  const { lang } = useK();
  const { values, update } = form;
  const spec = STANDARD_INPUT[f.fieldName] ?? {};
  const key = f.fieldName as keyof WalkInValues;
  const value = f.standard ? String(values[key] ?? '') : (values.extend[f.fieldName] ?? '');
  return (
    <input
      id={`k-f-${f.fieldName}`}
      className="k-input"
      type={f.inputType === 'date' ? 'date' : (spec.type ?? 'text')}
      inputMode={spec.inputMode}
      value={value}
      placeholder={f.placeholder ? labelOf(f.placeholder, lang) : undefined}
      autoComplete="off"
      aria-invalid={!!form.visible(f.fieldName)}
      onChange={(e) => {
        const v = spec.upper ? e.target.value.toUpperCase() : e.target.value;
        if (f.standard) update({ [key]: v } as Partial<WalkInValues>, f.fieldName);
        else update({ extend: { ...values.extend, [f.fieldName]: v } }, f.fieldName);
      }}
    />
  );
}

/**
 * A choice among options ('中文#English' labels): `raw` keeps the option as configured (a custom field's value must be
 * one of its options), otherwise the label in the visitor's language (free text such as the reason).
 */
function Choices({ options, current, onSet, raw = false }: { options: string[]; current: string; onSet: (v: string) => void; raw?: boolean }) {
  const { lang } = useK();
  return (
    <fieldset className="k-choices">
      {options.map((o) => {
        const shown = labelOf(o, lang);
        const value = raw ? o : shown;
        return (
          <button key={o} type="button" className="k-choice" aria-pressed={current === value} onClick={() => onSet(current === value ? '' : value)}>
            {shown}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The certificate type, its number, and the number on file of a returning visitor. */
function CertificateInput({ field, form }: Omit<FieldProps, 'ruleText'>) {
  const { t, lang } = useK();
  const { values, update, shownReuse } = form;
  return (
    <>
      <fieldset className="k-choices" aria-label={t('register.certificateType')}>
        {(Object.keys(certificateTypeLabels) as CertificateType[]).map((c) => (
          <button
            key={c}
            type="button"
            className="k-choice"
            aria-pressed={values.certificateType === c}
            onClick={() => update({ certificateType: c }, 'cardId')}
          >
            {label('certificateType', c, lang)}
          </button>
        ))}
      </fieldset>
      <TextInput field={field} form={form} />
      {shownReuse ? (
        <small className="k-sub" data-testid="id-on-file">
          {t('returning.idOnFile', { masked: shownReuse.masked })}
        </small>
      ) : null}
    </>
  );
}

/** The people coming along: a name and an optional phone each. */
function FollowersInput({ form, ruleText }: Omit<FieldProps, 'field'>) {
  const { t } = useK();
  const { values, update, visible, errors } = form;
  const change = (i: number, patch: Partial<{ name: string; phone: string }>) =>
    update({ followers: values.followers.map((x, j) => (j === i ? { ...x, ...patch } : x)) }, 'followers');
  const failure = (key: string) => (visible(key) ? ruleText(key, errors[key] ?? '') : '');
  return (
    <div className="k-hosts">
      {values.followers.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: followers have no identity but their place in the list
        <div key={i} className="k-grid" style={{ alignItems: 'start' }}>
          <div className="k-field">
            <input
              className="k-input"
              aria-label={t('register.followerName', { n: i + 1 })}
              placeholder={t('register.followerName', { n: i + 1 })}
              value={p.name}
              aria-invalid={!!visible(`followers.${i}.name`)}
              onChange={(e) => change(i, { name: e.target.value })}
            />
            <span className="k-error">{failure(`followers.${i}.name`)}</span>
          </div>
          <div className="k-field">
            <div className="k-actions" style={{ flexWrap: 'nowrap' }}>
              <input
                className="k-input"
                type="tel"
                inputMode="tel"
                aria-label={t('register.followerPhone', { n: i + 1 })}
                placeholder={t('register.followerPhone', { n: i + 1 })}
                value={p.phone}
                aria-invalid={!!visible(`followers.${i}.phone`)}
                onChange={(e) => change(i, { phone: e.target.value })}
              />
              <button
                type="button"
                className="k-btn k-btn--ghost k-btn--small"
                onClick={() => update({ followers: values.followers.filter((_, j) => j !== i) }, 'followers')}
              >
                {t('register.removeFollower')}
              </button>
            </div>
            <span className="k-error">{failure(`followers.${i}.phone`)}</span>
          </div>
        </div>
      ))}
      <button
        type="button"
        className="k-btn k-btn--ghost k-btn--small"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => update({ followers: [...values.followers, { name: '', phone: '' }] }, 'followers')}
      >
        {t('register.addFollower')}
      </button>
    </div>
  );
}

/** One field of the visitor type's form, by its kind (nothing for the photo, asked on its own step). */
export function FieldControl({
  field: f,
  type,
  form,
  ruleText,
  company,
}: FieldProps & { type: WalkInVisitorType | null /** The company picked: hosts are searched in it. */; company?: number }) {
  const { values, update, visible } = form;
  const row = (control: ReactNode) => (
    <Row field={f} form={form} ruleText={ruleText}>
      {control}
    </Row>
  );
  switch (f.fieldName) {
    case 'photo':
      return null;
    case 'empid':
      return row(
        <HostPicker
          id="k-f-empid"
          empid={values.empid}
          hostName={values.hostName}
          company={company}
          invalid={!!visible('empid')}
          onChange={(h) => update({ empid: h.empid, hostName: h.hostName }, 'empid')}
        />,
      );
    case 'cardId':
      return row(<CertificateInput field={f} form={form} />);
    case 'visitReason': {
      const reasons = type?.reasons ?? [];
      return row(
        reasons.length ? (
          <Choices options={reasons} current={values.visitReason} onSet={(v) => update({ visitReason: v }, 'visitReason')} />
        ) : (
          <TextInput field={f} form={form} />
        ),
      );
    }
    case 'followers':
      return row(<FollowersInput form={form} ruleText={ruleText} />);
    default:
      if (f.inputType === 'button')
        return row(
          <Choices
            options={f.inputValue}
            current={values.extend[f.fieldName] ?? ''}
            onSet={(v) => update({ extend: { ...values.extend, [f.fieldName]: v } }, f.fieldName)}
            raw
          />,
        );
      if (f.standard && !(f.fieldName in STANDARD_INPUT)) return null;
      return row(<TextInput field={f} form={form} />);
  }
}
