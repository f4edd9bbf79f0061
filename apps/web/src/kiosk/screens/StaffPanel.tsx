import { getPeopleCounting } from '@openvisit/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { useKiosk } from '../context';
import { useK } from '../i18n';
import type { QueueCounts } from '../offlineQueue';

/**
 * For staff: who is signed in, people on site, the offline queue (send now, refused records), and signing out. Anyone
 * at the kiosk can open it, so it names no visitor: refused records show their time and reason only.
 */
export function StaffPanel({ counts, onClose, onExit }: { counts: QueueCounts; onClose: () => void; onExit: () => void }) {
  const { t } = useK();
  const kiosk = useKiosk();
  const [onSite, setOnSite] = useState<{ onSite: number; people: number } | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    callApi(getPeopleCounting, {}, { silent: true })
      .then((c) => setOnSite({ onSite: c.onSite, people: c.people }))
      .catch(() => setOnSite(null));
  }, []);

  const gates = kiosk.config.gates.map((g) => g.gname).join(', ');
  return (
    <div className="k-overlay" role="dialog" aria-modal="true" aria-labelledby="k-staff-title">
      <div className="k-dialog">
        <h2 id="k-staff-title" className="k-title">
          {t('staff.title')}
        </h2>
        <p className="k-sub">{t('staff.account', { name: kiosk.session.sName ?? kiosk.session.account ?? '', company: kiosk.session.company })}</p>
        {gates ? <p className="k-sub">{t('staff.gate', { gate: gates })}</p> : null}
        {onSite ? <p className="k-sub">{t('staff.onSite', { count: onSite.onSite, people: onSite.people })}</p> : null}
        <p className="k-sub" data-testid="staff-queue">
          {t('staff.queue', { count: counts.pending })}
        </p>
        {counts.refused.length ? (
          <div className="k-notice k-notice--warn">
            <p style={{ margin: 0 }}>{t('staff.failed', { count: counts.refused.length })}</p>
            <ul>
              {counts.refused.map((r) => (
                <li key={r.id}>
                  {t('staff.failedItem', {
                    time: new Date(r.createdAt).toLocaleTimeString(),
                    reason: r.refused ? errorText(new ApiError(r.refused)) : '',
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {confirming ? (
          <div className="k-notice k-notice--warn">
            <p>{t('staff.exitConfirm')}</p>
            <div className="k-actions">
              <button type="button" className="k-btn k-btn--ghost" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="k-btn" onClick={onExit}>
                {t('staff.exit')}
              </button>
            </div>
          </div>
        ) : null}
        <div className="k-actions">
          {counts.pending ? (
            <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => void kiosk.queue.flush(kiosk.session.userid)}>
              {t('staff.sendNow')}
            </button>
          ) : null}
          {counts.refused.length ? (
            <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => void kiosk.queue.clearRefused(kiosk.session.userid)}>
              {t('staff.clearFailed')}
            </button>
          ) : null}
          <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => setConfirming(true)}>
            {t('staff.exit')}
          </button>
          <button type="button" className="k-btn k-btn--small" onClick={onClose}>
            {t('staff.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
