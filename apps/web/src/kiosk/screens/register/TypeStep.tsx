import type { WalkInVisitorType } from '../../../platform/walkIn/fields';
import { labelOf } from '../../config';
import { useK } from '../../i18n';

/** The visitor type, when the company has several. */
export function TypeStep({ types, onChoose }: { types: readonly WalkInVisitorType[]; onChoose: (type: WalkInVisitorType) => void }) {
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
    </section>
  );
}
