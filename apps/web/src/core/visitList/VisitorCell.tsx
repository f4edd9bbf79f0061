import { type Visit, visitTypeText } from '@openvisit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../platform/i18n';
import { CellText } from '../../platform/list';

/**
 * A visit's visitor in a list: the name (or what the screen makes of it, e.g. a link to the details) over the kind of
 * visit and its visitor type, each line ending in "…" when the column is narrow.
 */
export function VisitorCell({ visit, name }: { visit: Pick<Visit, 'vname' | 'kind' | 'visitType'>; name?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const type = visitTypeText(visit.visitType, lang);
  return (
    <>
      <CellText>{name ?? visit.vname}</CellText>
      <CellText secondary>{[t(`visits.kinds.${visit.kind}`), type].filter(Boolean).join(' · ')}</CellText>
    </>
  );
}
