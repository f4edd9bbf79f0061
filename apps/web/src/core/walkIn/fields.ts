import { STANDARD_FIELDS } from '@openvisit/contract';

/**
 * The walk-in form of a visitor type, as the pad configuration (`getPadConfig`) describes it: shared by the kiosk's
 * registration and the front desk's walk-in screen.
 */
export interface WalkInField {
  eid: number;
  /** A standard field's call name (vname, vphone, cardId…) or a custom field's key in `extendCol`. */
  fieldName: string;
  /** '中文#English'. */
  displayName: string;
  inputType: 'text' | 'date' | 'button' | 'standard';
  inputValue: string[];
  placeholder: string;
  standard: boolean;
  required: boolean;
}

export interface WalkInVisitorType {
  tid: number;
  /** '中文#English'. */
  vType: string;
  reasons: string[];
  fields: WalkInField[];
}

/** A standard field of a visitor type's form (also what tests build forms from). */
export const standardField = (eid: number, fieldName: string, displayName: string, required: boolean): WalkInField => ({
  eid,
  fieldName,
  displayName,
  inputType: 'standard',
  inputValue: [],
  placeholder: '',
  standard: true,
  required,
});

/** The form of a company without visitor types: the standard fields a new type shows. */
export const DEFAULT_FIELDS: WalkInField[] = STANDARD_FIELDS.filter((f) => f.shown).map((f, i) =>
  standardField(-1 - i, f.fieldName, `${f.zh}#${f.en}`, f.required),
);

/**
 * The fields a visitor type asks for, in order (the defaults when the company has no types). Whatever the settings
 * say, the form has the name and the host (the server needs both, required), and a phone when it shows neither a
 * phone nor a certificate number (a visitor is identified by one of them).
 */
export function fieldsOf(type: WalkInVisitorType | null): WalkInField[] {
  let fields = type?.fields.length ? [...type.fields] : [...DEFAULT_FIELDS];
  const has = (name: string) => fields.some((f) => f.fieldName === name);
  if (!has('vname')) fields = [standardField(-1, 'vname', '姓名#Name', true), ...fields];
  if (!has('vphone') && !has('cardId')) fields.splice(1, 0, standardField(-2, 'vphone', '手机号#Phone', true));
  if (!has('empid')) fields.push(standardField(-4, 'empid', '被访人#Host', true));
  return fields.map((f) => (f.fieldName === 'vname' || f.fieldName === 'empid' ? { ...f, required: true } : f));
}
