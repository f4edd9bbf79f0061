import type { ReactNode } from 'react';
import type { WalkInField, WalkInVisitorType } from '../../../core/walkIn/public';
import { labelOf } from '../../config';
import { useK } from '../../i18n';
import type { PickedCompany } from './CompanyStep';
import { FieldControl, type RuleText } from './FieldControl';
import type { WalkInForm } from './useWalkInForm';

interface FormStepProps {
  type: WalkInVisitorType | null;
  /** The company picked (multi-company mode): the host is one of its employees. */
  company: PickedCompany | null;
  onChangeCompany?: () => void;
  fields: readonly WalkInField[];
  form: WalkInForm;
  ruleText: RuleText;
  /** "Welcome back" once a returning visitor's last visit filled the form. */
  welcome: string | null;
  notice: ReactNode;
  busy: boolean;
  /** Whether a photo or the terms come next (else the button submits). */
  more: boolean;
  onBack: () => void;
  onNext: () => void;
}

/** The form the visitor type asks for, checked as typed. */
export function FormStep({ type, company, onChangeCompany, fields, form, ruleText, welcome, notice, busy, more, onBack, onNext }: FormStepProps) {
  const { t, lang } = useK();
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
      {company && onChangeCompany ? (
        <div className="k-host k-host--chosen" data-testid="company-chosen">
          <span>{t('company.visiting', { company: company.name })}</span>
          <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={onChangeCompany}>
            {t('company.change')}
          </button>
        </div>
      ) : null}
      <div className="k-grid">
        {fields.map((f) => (
          <FieldControl key={f.eid} field={f} type={type} form={form} ruleText={ruleText} company={company?.id} />
        ))}
      </div>
      {notice}
      <div className="k-actions k-actions--spread">
        <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="button" className="k-btn" onClick={onNext} disabled={busy}>
          {busy ? t('common.sending') : more ? t('common.next') : t('common.submit')}
        </button>
      </div>
    </section>
  );
}
