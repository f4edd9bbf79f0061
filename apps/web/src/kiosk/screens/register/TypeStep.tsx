import type { WalkInVisitorType } from '../../../core/walkIn/public';
import { labelOf } from '../../config';
import { useK } from '../../i18n';

/** The visitor type, when the company has several. */
export function TypeStep({
  types,
  onChoose,
  onBack,
}: {
  types: readonly WalkInVisitorType[];
  onChoose: (type: WalkInVisitorType) => void;
  onBack: () => void;
}) {
  const { t, lang } = useK();
  return (
    <section className="k-panel" aria-labelledby="k-type-title">
      <h1 id="k-type-title" className="k-title">
        {t('register.chooseType')}
      </h1>
      <div className="k-home__actions">
        {types.map((vt) => (
          <button key={vt.tid} type="button" className="k-tile k-tile--light" onClick={() => onChoose(vt)}>
            <strong>{labelOf(vt.vType, lang)}</strong>
          </button>
        ))}
      </div>
      <div className="k-actions">
        <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
      </div>
    </section>
  );
}
