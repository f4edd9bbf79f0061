import { certificateTypeLabels, maskIdNumber, normalizePhone, type ReturningVisitor } from '@openvisit/contract';
import { useState } from 'react';
import type { WalkInField } from '../../../core/walkIn/public';
import { type CertificateType, emptyWalkIn, validateWalkIn, type WalkInErrors, type WalkInValues } from '../../../core/walkIn/public';

/** The certificate of a returning visitor's last visit, reused when they leave the number empty (shown masked). */
export interface Reuse {
  vid: number;
  phone: string;
  masked: string;
}

const samePhone = (typed: string, stored: string) => (normalizePhone(typed) ?? typed.trim()) === stored;

/**
 * The registration form's state: values as typed, checked with the server's rules; a field's failure shows once it
 * was touched (or after a submit, `setShowAll`); failures the server answered stay until the field changes.
 */
export function useWalkInForm(fields: readonly WalkInField[]) {
  const [values, setValues] = useState<WalkInValues>(emptyWalkIn);
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<WalkInErrors>({});
  const [reuse, setReuse] = useState<Reuse | null>(null);

  const shownReuse = reuse !== null && samePhone(values.vphone, reuse.phone) ? reuse : null;
  const activeReuse = shownReuse && !values.cardId.trim() ? shownReuse : null;
  const errors = { ...validateWalkIn(values, fields), ...serverErrors };
  // A required certificate number is given by the one on file.
  if (activeReuse && errors.cardId === 'required') delete errors.cardId;
  const visible = (field: string) => (showAll || dirty.has(field) || dirty.has(field.split('.')[0] ?? '') ? errors[field] : undefined);

  const update = (patch: Partial<WalkInValues>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    setDirty((d) => new Set(d).add(field));
    setServerErrors((e) => {
      const { [field]: _, ...rest } = e;
      return rest;
    });
  };

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
  };

  return { values, setValues, update, errors, visible, setShowAll, setServerErrors, shownReuse, activeReuse, setReuse, fillFrom };
}

export type WalkInForm = ReturnType<typeof useWalkInForm>;
