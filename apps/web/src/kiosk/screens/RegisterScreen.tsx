import type { ExamRequired, ReturningVisitor } from '@openvisit/contract';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf, type WalkInVisitorType } from '../../core/walkIn/public';
import { type DrawFor, InductionStep } from '../components/InductionStep';
import { FacePhotoStep, type FaceShot } from '../components/PhotoCapture';
import { ProtocolStep, protocolText } from '../components/ProtocolStep';
import { ReturningStep } from '../components/ReturningStep';
import { useKiosk } from '../context';
import { useK, useMessage } from '../i18n';
import { newClientKey } from '../offlineQueue';
import { errorMessage } from '../walkInMessages';
import { visitErrorText } from './CheckInScreen';
import { CompanyStep, type PickedCompany } from './register/CompanyStep';
import { FormStep } from './register/FormStep';
import { TypeStep } from './register/TypeStep';
import { useRegister, type WalkInInput } from './register/useRegister';
import { useWalkInForm, type WalkInForm } from './register/useWalkInForm';

type Step = 'returning' | 'company' | 'type' | 'form' | 'photo' | 'terms' | 'induction';

/** The registration waiting for the induction, and whom the paper is for (the type and the person typed). */
interface Exam {
  input: WalkInInput;
  drawFor: DrawFor;
  /** Each 69 starts the induction afresh. */
  round: number;
}

function examOf(required: ExamRequired, input: WalkInInput, round: number): Exam {
  const { vname, vphone, vemail, certificateType, cardId } = input;
  return { input, drawFor: { tid: required.tid, vname, vphone, vemail, certificateType, cardId }, round };
}

/** The company an office building's walk-in visits; choosing another clears the host, one of the company left. */
function useCompanyChoice(form: WalkInForm, next: () => void) {
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const chooseCompany = (c: PickedCompany) => {
    if (company?.id !== c.id) form.setValues((v) => ({ ...v, empid: null, hostName: '' }));
    setCompany(c);
    next();
  };
  return { company, chooseCompany };
}

/**
 * Whether the terms step is shown: the company has terms in this language, and the visitor, when known as returning,
 * has not accepted this very version before (the server carries that acceptance over).
 */
function useTermsAsked() {
  const { lang } = useK();
  const { config } = useKiosk();
  const [acceptedBefore, setAcceptedBefore] = useState<readonly number[]>([]);
  const shown = config.protocol?.[lang].id;
  const terms = protocolText(config.settings, lang).trim() !== '' && !(shown && acceptedBefore.includes(shown));
  return { terms, setAcceptedBefore };
}

/** Where the visitor is in the registration and what each step leads to. */
function useRegisterFlow() {
  const { t } = useK();
  const { t: ct } = useTranslation();
  const kiosk = useKiosk();
  const types = kiosk.config.types;
  const companies = kiosk.config.companies ?? [];
  const [type, setType] = useState<WalkInVisitorType | null>(types.length === 1 ? (types[0] ?? null) : null);
  const afterCompany: Step = types.length > 1 ? 'type' : 'form';
  // An office building's walk-in picks the company first (multi-company mode), then the type and the host.
  const afterReturning: Step = companies.length ? 'company' : afterCompany;
  const [step, setStep] = useState<Step>(kiosk.config.settings.comeAgain === 1 ? 'returning' : afterReturning);
  const [welcome, setWelcome] = useState<string | null>(null);
  // A ref, not state: the photo step hands it over and submits in the same tick.
  const photo = useRef<FaceShot>({ photo: '' });
  const [problem, setProblem] = useMessage();
  const [clientKey] = useState(newClientKey);

  const fields = useMemo(() => fieldsOf(type), [type]);
  const form = useWalkInForm(fields);
  const wantsPhoto = fields.some((f) => f.fieldName === 'photo');
  const { terms, setAcceptedBefore } = useTermsAsked();
  const ruleText = (field: string, rule: string) => errorMessage(ct, t, field, rule);
  const [exam, setExam] = useState<Exam | null>(null);
  const onExam = (required: ExamRequired, input: WalkInInput) => {
    setExam((e) => examOf(required, input, (e?.round ?? 0) + 1));
    setStep('induction');
  };
  const { submit, send, busy } = useRegister({ form, fields, type, photo, clientKey, goTo: setStep, setProblem, onExam });

  /** The form filled from a returning visitor's last visit, at the type of that visit when it still exists. */
  const fillFrom = (r: ReturningVisitor) => {
    form.fillFrom(r);
    setAcceptedBefore(r.protocolsAccepted ?? []);
    setWelcome(t('returning.found', { name: r.vname }));
    const known = types.find((x) => x.tid === r.tid);
    if (known) setType(known);
    setStep(known ? 'form' : afterReturning);
  };

  const afterForm = () => (wantsPhoto ? setStep('photo') : afterPhoto());
  const afterPhoto = () => (terms ? setStep('terms') : void submit(''));

  const next = () => {
    form.setShowAll(true);
    if (Object.keys(form.errors).length) {
      setProblem(({ t }) => t('register.fixErrors'));
      return;
    }
    setProblem(null);
    afterForm();
  };

  const chooseType = (vt: WalkInVisitorType) => {
    setType(vt);
    setStep('form');
  };
  const skipReturning = (phone: string) => {
    form.setValues((v) => ({ ...v, vphone: phone }));
    setStep(afterReturning);
  };
  const photoTaken = (shot: FaceShot) => {
    photo.current = shot;
    setProblem(null);
    afterPhoto();
  };
  const { company, chooseCompany } = useCompanyChoice(form, () => setStep(afterCompany));
  const backFromType = () => (companies.length ? setStep('company') : kiosk.home());
  const back = () => (types.length > 1 ? setStep('type') : backFromType());
  return {
    kiosk,
    home: kiosk.home,
    types,
    companies,
    company,
    type,
    step,
    setStep,
    welcome,
    problem,
    fields,
    form,
    wantsPhoto,
    terms,
    ruleText,
    submit,
    send,
    busy,
    exam,
    fillFrom,
    next,
    chooseType,
    chooseCompany,
    backFromType,
    skipReturning,
    photoTaken,
    back,
  };
}

/**
 * Walk-in registration: the visitor type (when there are several), the form the type asks for (checked as typed
 * with the server's rules), the photo, then the terms to read and sign. Screening (66) ends with a neutral message;
 * without a network the registration is queued with its key. The steps are components of ./register; this
 * container holds where the visitor is and sends the registration.
 */
export function RegisterScreen() {
  const { t, lang } = useK();
  const { types, type, step, setStep, welcome, problem, fields, form, wantsPhoto, terms, ruleText, submit, send, busy, exam, ...go } =
    useRegisterFlow();
  const { kiosk } = go;
  const notice = problem ? (
    <p className="k-notice k-notice--error" role="alert" data-testid="kiosk-error">
      {problem}
    </p>
  ) : null;

  if (step === 'induction' && exam)
    return (
      <InductionStep
        key={exam.round}
        drawFor={exam.drawFor}
        continueLabel={t('induction.continueRegister')}
        sending={busy}
        notice={notice}
        describeError={(err) => visitErrorText(err, t, lang)}
        onPassed={() => void send(exam.input)}
      />
    );
  if (step === 'returning') return <ReturningStep onBack={go.home} onSkip={go.skipReturning} onFound={go.fillFrom} />;
  if (step === 'company')
    return (
      <CompanyStep
        companies={go.companies}
        headOffice={kiosk.config.shortName || kiosk.config.company}
        onChoose={go.chooseCompany}
        onBack={go.home}
      />
    );
  if (step === 'type') return <TypeStep types={types} onChoose={go.chooseType} onBack={go.backFromType} />;
  if (step === 'photo')
    return (
      <>
        {notice}
        <FacePhotoStep required={fields.some((f) => f.fieldName === 'photo' && f.required)} onBack={() => setStep('form')} onDone={go.photoTaken} />
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
  return (
    <FormStep
      type={type}
      company={go.company}
      onChangeCompany={go.companies.length ? () => setStep('company') : undefined}
      fields={fields}
      form={form}
      ruleText={ruleText}
      welcome={welcome}
      notice={notice}
      busy={busy}
      more={wantsPhoto || terms}
      onBack={go.back}
      onNext={go.next}
    />
  );
}
