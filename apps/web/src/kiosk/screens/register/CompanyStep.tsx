import type { PadCompany } from '@openvisit/contract';
import { useMemo, useState } from 'react';
import { companyLabel, floorLabel, roomsLabel } from '../../../core/walkIn/public';
import { useK } from '../../i18n';

/** The company a walk-in visits: a sub-company of the building, or 0 the head office (its own employees). */
export interface PickedCompany {
  id: number;
  name: string;
}

/** "Floor 10 · Room 1001, 1002": a floor typed as a number reads as one; anything else ("B1", "12F") as typed. */
function useWhere() {
  const { t, lang } = useK();
  return (c: PadCompany) =>
    [
      c.floor ? floorLabel(c.floor, (floor) => t('company.floor', { floor })) : '',
      c.roomNumbers.length ? t('company.rooms', { rooms: roomsLabel(c.roomNumbers, lang) }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * An office-building walk-in picks the company first, then its host: the building's sub-companies by floor (as the
 * server orders them), found by name, short name, floor or room, and the head office for the building's own staff.
 */
export function CompanyStep({
  companies,
  headOffice,
  onChoose,
  onBack,
}: {
  companies: readonly PadCompany[];
  headOffice: string;
  onChoose: (company: PickedCompany) => void;
  onBack: () => void;
}) {
  const { t } = useK();
  const where = useWhere();
  const [query, setQuery] = useState('');
  const [floor, setFloor] = useState<string | null>(null);
  const floors = useMemo(() => [...new Set(companies.map((c) => c.floor).filter(Boolean))], [companies]);
  const q = query.trim().toLowerCase();
  const shown = companies.filter(
    (c) =>
      (floor === null || c.floor === floor) &&
      (!q || [c.companyName, c.shortName, c.floor, ...c.roomNumbers].some((s) => s.toLowerCase().includes(q))),
  );
  const headOfficeShown = floor === null && (!q || headOffice.toLowerCase().includes(q));

  return (
    <section className="k-panel" aria-labelledby="k-company-title">
      <h1 id="k-company-title" className="k-title">
        {t('company.title')}
      </h1>
      <input
        className="k-input"
        type="search"
        value={query}
        aria-label={t('company.search')}
        placeholder={t('company.search')}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
      />
      {floors.length > 1 ? (
        <fieldset className="k-choices" aria-label={t('company.floors')}>
          <button type="button" className="k-choice" aria-pressed={floor === null} onClick={() => setFloor(null)}>
            {t('company.allFloors')}
          </button>
          {floors.map((f) => (
            <button key={f} type="button" className="k-choice" aria-pressed={floor === f} onClick={() => setFloor(f)}>
              {floorLabel(f, (floor) => t('company.floor', { floor }))}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className="k-hosts" data-testid="companies">
        {shown.map((c) => (
          <button key={c.id} type="button" className="k-host" onClick={() => onChoose({ id: c.id, name: c.companyName })}>
            <span>{companyLabel(c)}</span>
            <small>{where(c)}</small>
          </button>
        ))}
        {headOfficeShown ? (
          <button type="button" className="k-host" onClick={() => onChoose({ id: 0, name: headOffice })}>
            <span>{headOffice}</span>
            <small>{t('company.headOffice')}</small>
          </button>
        ) : null}
        {!shown.length && !headOfficeShown ? (
          <p className="k-sub" role="status">
            {t('company.none')}
          </p>
        ) : null}
      </div>
      <div className="k-actions">
        <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
      </div>
    </section>
  );
}
