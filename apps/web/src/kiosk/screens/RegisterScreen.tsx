import { certificateTypeLabels, maskIdNumber, normalizePhone, type ReturningVisitor, registerWalkIn, Status } from '@openvisit/contract';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { label } from '../../platform/i18n';
import { errorText } from '../../platform/notify';
import { fieldsOf, type WalkInField, type WalkInVisitorType } from '../../platform/walkIn/fields';
import { type CertificateType, emptyWalkIn, validateWalkIn, type WalkInErrors, type WalkInValues, walkInInput } from '../../platform/walkIn/form';
import { HostPicker } from '../components/HostPicker';
import { PhotoCapture } from '../components/PhotoCapture';
import { ProtocolStep, protocolText } from '../components/ProtocolStep';
import { ReturningStep } from '../components/ReturningStep';
import { labelOf } from '../config';
import { useKiosk } from '../context';
import { useK } from '../i18n';
import { isNetworkFailure, newClientKey } from '../offlineQueue';
import { errorMessage } from '../walkInMessages';
import { KIOSK_TIMEOUT_MS } from './CheckInScreen';

type Step = 'returning' | 'type' | 'form' | 'photo' | 'terms';

/** The certificate of a returning visitor's last visit, reused when they leave the number empty (shown masked). */
interface Reuse {
  vid: number;
  phone: string;
  masked: string;
}

const samePhone = (typed: string, stored: string) => (normalizePhone(typed) ?? typed.trim()) === stored;

const STANDARD_INPUT: Readonly<Record<string, { type?: string; inputMode?: 'tel' | 'decimal' | 'email' | 'text'; upper?: boolean }>> = {
  vname: {},
  vphone: { type: 'tel', inputMode: 'tel' },
  vcompany: {},
  vemail: { type: 'email', inputMode: 'email' },
  belongings: {},
  plateNum: { upper: true },
  temperature: { inputMode: 'decimal' },
};

/**
 * Walk-in registration: the visitor type (when there are several), the form the type asks for (checked as typed
 * with the server's rules), the photo, then the terms to read and sign. Screening (66) ends with a neutral message;
 * without a network the registration is queued with its key.
 */
export function RegisterScreen() {
  const { t, lang } = useK();
  const { t: ct } = useTranslation();
  const kiosk = useKiosk();
  const types = kiosk.config.types;
  const [type, setType] = useState<WalkInVisitorType | null>(types.length === 1 ? (types[0] ?? null) : null);
  const afterReturning: Step = types.length > 1 ? 'type' : 'form';
  const [step, setStep] = useState<Step>(kiosk.config.settings.comeAgain === 1 ? 'returning' : afterReturning);
  const [reuse, setReuse] = useState<Reuse | null>(null);
  const [welcome, setWelcome] = useState<string | null>(null);
  const [values, setValues] = useState<WalkInValues>(emptyWalkIn);
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<WalkInErrors>({});
  // A ref, not state: the photo step hands it over and submits in the same tick.
  const photo = useRef('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [clientKey] = useState(newClientKey);

  const fields = useMemo(() => fieldsOf(type), [type]);
  const wantsPhoto = fields.some((f) => f.fieldName === 'photo');
  const terms = protocolText(kiosk.config.settings, lang).trim() !== '';
  const reuseShown = reuse !== null && samePhone(values.vphone, reuse.phone);
  const reuseActive = reuseShown && !values.cardId.trim();
  const errors = { ...validateWalkIn(values, fields), ...serverErrors };
  // A required certificate number is given by the one on file.
  if (reuseActive && errors.cardId === 'required') delete errors.cardId;
  const visible = (field: string) => (showAll || dirty.has(field) || dirty.has(field.split('.')[0] ?? '') ? errors[field] : undefined);

  const update = (patch: Partial<WalkInValues>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty((d) => new Set(d).add(field));
    setServerErrors((e) => {
      const { [field]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async (signature: string) => {
    setBusy(true);
    setProblem(null);
    const input = {
      ...walkInInput(values, {
        tid: type?.tid ?? null,
        visitType: type ? labelOf(type.vType, lang) : '',
        photo: photo.current,
        signature,
        protocolAccepted: signature !== '',
        lang,
        clientKey,
      }),
      ...(reuseActive && reuse ? { reuseIdFrom: reuse.vid } : {}),
    };
    try {
      const visit = await callApi(registerWalkIn, input, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      kiosk.finish({ kind: visit.status === 'signedIn' ? 'signedIn' : 'awaiting', visit, photo: photo.current || null });
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.BLACKLISTED) return kiosk.finish({ kind: 'refused' });
      if (isNetworkFailure(err)) {
        await kiosk.enqueue({ id: clientKey, kind: 'walkIn', companyId: kiosk.session.userid, label: input.vname, input });
        return kiosk.finish({ kind: 'queued', label: input.vname });
      }
      if (err instanceof ApiError && (err.status === Status.EMPLOYEE_NOT_EXIST || err.status === Status.INVALID_EMPLOYEE)) {
        setServerErrors({ empid: 'notFound' });
        setValues((v) => ({ ...v, empid: null, hostName: '' }));
        setShowAll(true);
        setStep('form');
        return;
      }
      if (err instanceof ApiError && err.status === Status.BAD_PARAMS && err.http === undefined) {
        const byField: WalkInErrors = {};
        // Custom fields come back as extendCol.<key>; the form knows them by their key.
        for (const f of err.fieldErrors) byField[f.field.replace(/^extendCol\./, '')] ??= f.rule;
        if (byField.reuseIdFrom) {
          // The visit on file cannot lend its certificate (another phone, say): the visitor types it.
          delete byField.reuseIdFrom;
          byField.cardId = 'reuseFailed';
          setReuse(null);
        }
        if (byField.protocolAccepted || byField.signature) {
          setProblem(byField.signature ? ruleText('signature', byField.signature) : t('protocol.needSignature'));
          setStep('terms');
          return;
        }
        if (byField.photo) {
          setProblem(ruleText('photo', byField.photo));
          setStep('photo');
          return;
        }
        setServerErrors(byField);
        setShowAll(true);
        setStep('form');
        // A failure on no field of the form (the visitor type, say) still needs words.
        if (!Object.keys(byField).some((f) => fields.some((x) => x.fieldName === f || f.startsWith(`${x.fieldName}.`))))
          setProblem(err instanceof ApiError ? errorText(err) : t('register.fixErrors'));
        return;
      }
      setProblem(err instanceof ApiError ? errorText(err) : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  const ruleText = (field: string, rule: string) => errorMessage(ct, t, field, rule);

  /** The form filled from a returning visitor's last visit; the visitor can still change everything. */
  const fillFrom = (r: ReturningVisitor) => {
    setValues({
      ...emptyWalkIn(),
      vname: r.vname,
      vphone: r.vphone,
      vemail: r.vemail,
      vcompany: r.vcompany,
      certificateType: r.certificateType in certificateTypeLabels ? (r.certificateType as CertificateType) : 'idCard',
      plateNum: r.plateNum,
      empid: r.empid,
      hostName: r.empName,
    });
    // Masked here too: a front-desk account running the kiosk is answered the whole number.
    setReuse(r.hasCardId ? { vid: r.vid, phone: r.vphone, masked: maskIdNumber(r.cardId) } : null);
    setWelcome(t('returning.found', { name: r.vname }));
    const known = types.find((x) => x.tid === r.tid);
    if (known) setType(known);
    setStep(known ? 'form' : afterReturning);
  };

  const afterForm = () => (wantsPhoto ? setStep('photo') : afterPhoto());
  const afterPhoto = () => (terms ? setStep('terms') : void submit(''));

  const next = () => {
    setShowAll(true);
    if (Object.keys(errors).length) {
      setProblem(t('register.fixErrors'));
      return;
    }
    setProblem(null);
    afterForm();
  };

  const notice = problem ? (
    <p className="k-notice k-notice--error" role="alert" data-testid="kiosk-error">
      {problem}
    </p>
  ) : null;

  if (step === 'returning')
    return (
      <ReturningStep
        onBack={kiosk.home}
        onSkip={(phone) => {
          setValues((v) => ({ ...v, vphone: phone }));
          setStep(afterReturning);
        }}
        onFound={(r) => fillFrom(r)}
      />
    );

  if (step === 'type')
    return (
      <section className="k-panel" aria-labelledby="k-type-title">
        <h1 id="k-type-title" className="k-title">
          {t('register.chooseType')}
        </h1>
        <div className="k-home__actions">
          {types.map((vt) => (
            <button
              key={vt.tid}
              type="button"
              className="k-tile k-tile--light"
              onClick={() => {
                setType(vt);
                setStep('form');
              }}
            >
              <strong>{labelOf(vt.vType, lang)}</strong>
            </button>
          ))}
        </div>
      </section>
    );

  if (step === 'photo')
    return (
      <>
        {notice}
        <PhotoCapture
          required={fields.some((f) => f.fieldName === 'photo' && f.required)}
          onBack={() => setStep('form')}
          onDone={(shot) => {
            photo.current = shot;
            setProblem(null);
            afterPhoto();
          }}
        />
      </>
    );

  if (step === 'terms')
    return (
      <>
        {notice}
        <ProtocolStep
          busy={busy}
          submitLabel={t('common.submit')}
          onBack={() => setStep(wantsPhoto ? 'photo' : 'form')}
          onDone={(sig) => void submit(sig)}
        />
      </>
    );

  const row = (f: WalkInField, control: ReactNode, errorKey = f.fieldName) => {
    const message = visible(errorKey);
    return (
      <div key={f.eid} className="k-field">
        <label className="k-field__label" htmlFor={`k-f-${f.fieldName}`}>
          {labelOf(f.displayName, lang)}
          {f.required ? null : <small>{t('common.optional')}</small>}
        </label>
        {control}
        <span className="k-error" data-testid={`error-${errorKey}`}>
          {message ? ruleText(errorKey, message) : ''}
        </span>
      </div>
    );
  };

  const text = (f: WalkInField) => {
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
        aria-invalid={!!visible(f.fieldName)}
        onChange={(e) => {
          const v = spec.upper ? e.target.value.toUpperCase() : e.target.value;
          if (f.standard) update({ [key]: v } as Partial<WalkInValues>, f.fieldName);
          else update({ extend: { ...values.extend, [f.fieldName]: v } }, f.fieldName);
        }}
      />
    );
  };

  /** A choice among options ('中文#English' labels): `raw` keeps the option as configured (a custom field's value must be one of its options), otherwise the label in the visitor's language (free text such as the reason). */
  const choices = (options: string[], current: string, set: (v: string) => void, raw = false) => (
    <fieldset className="k-choices">
      {options.map((o) => {
        const shown = labelOf(o, lang);
        const value = raw ? o : shown;
        return (
          <button key={o} type="button" className="k-choice" aria-pressed={current === value} onClick={() => set(current === value ? '' : value)}>
            {shown}
          </button>
        );
      })}
    </fieldset>
  );

  const control = (f: WalkInField): ReactNode => {
    switch (f.fieldName) {
      case 'photo':
        return null;
      case 'empid':
        return row(
          f,
          <HostPicker
            id="k-f-empid"
            empid={values.empid}
            hostName={values.hostName}
            invalid={!!visible('empid')}
            onChange={(h) => update({ empid: h.empid, hostName: h.hostName }, 'empid')}
          />,
        );
      case 'cardId':
        return row(
          f,
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
            {text(f)}
            {reuseShown && reuse ? (
              <small className="k-sub" data-testid="id-on-file">
                {t('returning.idOnFile', { masked: reuse.masked })}
              </small>
            ) : null}
          </>,
        );
      case 'visitReason': {
        const reasons = type?.reasons ?? [];
        return row(f, reasons.length ? choices(reasons, values.visitReason, (v) => update({ visitReason: v }, 'visitReason')) : text(f));
      }
      case 'followers':
        return row(
          f,
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
                    onChange={(e) =>
                      update({ followers: values.followers.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) }, 'followers')
                    }
                  />
                  <span className="k-error">
                    {visible(`followers.${i}.name`) ? ruleText(`followers.${i}.name`, errors[`followers.${i}.name`] ?? '') : ''}
                  </span>
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
                      onChange={(e) =>
                        update({ followers: values.followers.map((x, j) => (j === i ? { ...x, phone: e.target.value } : x)) }, 'followers')
                      }
                    />
                    <button
                      type="button"
                      className="k-btn k-btn--ghost k-btn--small"
                      onClick={() => update({ followers: values.followers.filter((_, j) => j !== i) }, 'followers')}
                    >
                      {t('register.removeFollower')}
                    </button>
                  </div>
                  <span className="k-error">
                    {visible(`followers.${i}.phone`) ? ruleText(`followers.${i}.phone`, errors[`followers.${i}.phone`] ?? '') : ''}
                  </span>
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
          </div>,
        );
      default:
        if (f.inputType === 'button')
          return row(
            f,
            choices(
              f.inputValue,
              values.extend[f.fieldName] ?? '',
              (v) => update({ extend: { ...values.extend, [f.fieldName]: v } }, f.fieldName),
              true,
            ),
          );
        if (f.standard && !(f.fieldName in STANDARD_INPUT)) return null;
        return row(f, text(f));
    }
  };

  return (
    <section className="k-panel" aria-labelledby="k-register-title">
      <h1 id="k-register-title" className="k-title">
        {type ? `${t('register.title')} · ${labelOf(type.vType, lang)}` : t('register.title')}
      </h1>
      {welcome ? (
        <p className="k-notice" role="status">
          {welcome}
        </p>
      ) : null}
      <div className="k-grid">{fields.map(control)}</div>
      {notice}
      <div className="k-actions k-actions--spread">
        <button type="button" className="k-btn k-btn--ghost" onClick={() => (types.length > 1 ? setStep('type') : kiosk.home())}>
          {t('common.back')}
        </button>
        <button type="button" className="k-btn" onClick={next} disabled={busy}>
          {busy ? t('common.sending') : wantsPhoto || terms ? t('common.next') : t('common.submit')}
        </button>
      </div>
    </section>
  );
}
