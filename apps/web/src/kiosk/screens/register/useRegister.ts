import { type ExamRequired, examRequired, registerWalkIn, Status } from '@openvisit/contract';
import { type RefObject, useState } from 'react';
import type { WalkInField, WalkInVisitorType } from '../../../core/walkIn/public';
import { type WalkInErrors, walkInInput } from '../../../core/walkIn/public';
import { callApi } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { errorText } from '../../../platform/notify';
import type { FaceShot } from '../../components/PhotoCapture';
import { termsSigned } from '../../components/ProtocolStep';
import { KIOSK_TIMEOUT_MS, labelOf } from '../../config';
import { useKiosk } from '../../context';
import { useK, type Wording } from '../../i18n';
import { isNetworkFailure } from '../../offlineQueue';
import { errorMessage } from '../../walkInMessages';
import type { WalkInForm } from './useWalkInForm';

interface Registration {
  form: WalkInForm;
  fields: readonly WalkInField[];
  type: WalkInVisitorType | null;
  /** The photo taken and the face consent given before it. */
  photo: RefObject<FaceShot>;
  /** The registration's idempotency key, kept across retries and the offline queue. */
  clientKey: string;
  /** Back to the step a refusal concerns. */
  goTo: (step: 'form' | 'photo' | 'terms') => void;
  setProblem: (problem: Wording | null) => void;
  /** The visitor type asks for the safety induction first (69): the registration to send again once passed. */
  onExam: (required: ExamRequired, input: WalkInInput) => void;
}

export type WalkInInput = ReturnType<typeof walkInInput> & { reuseIdFrom?: number };

/**
 * Sends the registration: the result screen when it is taken, a neutral end when screening refuses it (66), the
 * offline queue without a network; a refusal of a field goes back to the step that asks for it.
 */
export function useRegister({ form, fields, type, photo, clientKey, goTo, setProblem, onExam }: Registration) {
  const { lang } = useK();
  const kiosk = useKiosk();
  const [busy, setBusy] = useState(false);

  const submit = (signature: string) => {
    const input: WalkInInput = {
      ...walkInInput(form.values, {
        tid: type?.tid ?? null,
        visitType: type ? labelOf(type.vType, lang) : '',
        ...photo.current,
        ...termsSigned(kiosk.config, lang, signature),
        lang,
        clientKey,
      }),
      ...(form.activeReuse ? { reuseIdFrom: form.activeReuse.vid } : {}),
    };
    return send(input);
  };

  /** Sends a registration: the form's, or the same one again (same clientKey) after the induction. */
  const send = async (input: WalkInInput) => {
    setBusy(true);
    setProblem(null);
    try {
      const visit = await callApi(registerWalkIn, input, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      kiosk.finish({ kind: visit.status === 'signedIn' ? 'signedIn' : 'awaiting', visit, photo: photo.current.photo || null });
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.BLACKLISTED) return kiosk.finish({ kind: 'refused' });
      // Never queued: the visitor takes the induction now, then the same registration goes again.
      if (err instanceof ApiError && err.http === undefined && err.status === Status.EXAM_REQUIRED && examRequired.safeParse(err.result).success)
        return onExam(examRequired.parse(err.result), input);
      if (isNetworkFailure(err)) {
        const record = { id: clientKey, kind: 'walkIn', companyId: kiosk.session.userid, label: input.vname, input } as const;
        const { matched } = await kiosk.enqueue(record, { name: input.vname, phone: input.vphone, idNumber: input.cardId });
        return kiosk.finish({ kind: 'queued', label: input.vname, matched });
      }
      if (err instanceof ApiError && (err.status === Status.EMPLOYEE_NOT_EXIST || err.status === Status.INVALID_EMPLOYEE)) {
        form.setServerErrors({ empid: 'notFound' });
        form.setValues((v) => ({ ...v, empid: null, hostName: '' }));
        form.setShowAll(true);
        goTo('form');
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
          form.setReuse(null);
        }
        const { signature, photo } = byField;
        if (byField.protocolAccepted || signature) {
          setProblem(({ t, ct }) => (signature ? errorMessage(ct, t, 'signature', signature) : t('protocol.needSignature')));
          goTo('terms');
          return;
        }
        if (photo) {
          setProblem(({ t, ct }) => errorMessage(ct, t, 'photo', photo));
          goTo('photo');
          return;
        }
        form.setServerErrors(byField);
        form.setShowAll(true);
        goTo('form');
        // A failure on no field of the form (the visitor type, say) still needs words.
        if (!Object.keys(byField).some((f) => fields.some((x) => x.fieldName === f || f.startsWith(`${x.fieldName}.`))))
          setProblem(({ t }) => (err instanceof ApiError ? errorText(err) : t('register.fixErrors')));
        return;
      }
      setProblem(({ t }) => (err instanceof ApiError ? errorText(err) : t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  return { submit, send, busy };
}
