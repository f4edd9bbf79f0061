import { useRef, useState } from 'react';
import type { KioskConfig } from '../config';
import { useKiosk } from '../context';
import { useK, useMessage } from '../i18n';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';

/**
 * The texts as given at the kiosk: the terms accepted with the version shown in this language (when the server named
 * it), or not, without a signature (the server then asks for them, or carries over a returning visitor's acceptance);
 * the privacy notice's version this kiosk shows (the privacy panel).
 */
export function termsSigned(config: KioskConfig, lang: 'zh' | 'en', signature: string) {
  const id = signature ? config.protocol?.[lang].id : undefined;
  const notice = config.privacyNotice?.[lang].id;
  return { signature, protocolAccepted: signature !== '', ...(id ? { protocolVersion: id } : {}), ...(notice ? { privacyNotice: notice } : {}) };
}

/** The safety terms in the visitor's language (the Chinese text when no English one is set). */
export function protocolText(settings: { secureProtocol: string; secureProtocolEn: string }, lang: 'zh' | 'en'): string {
  return lang === 'en' && settings.secureProtocolEn.trim() ? settings.secureProtocolEn : settings.secureProtocol;
}

/** Read the terms, tick, sign with a finger: answers the signature (PNG data URL). */
export function ProtocolStep({
  busy,
  submitLabel,
  onBack,
  onDone,
}: {
  busy: boolean;
  submitLabel: string;
  onBack: () => void;
  onDone: (signature: string) => void;
}) {
  const { t, lang } = useK();
  const { config, showPrivacy } = useKiosk();
  const pad = useRef<SignaturePadHandle>(null);
  const [hasInk, setHasInk] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useMessage();
  const text = protocolText(config.settings, lang);

  const submit = () => {
    if (!accepted) return setProblem(({ t }) => t('protocol.needAccept'));
    const signature = pad.current?.toDataURL() ?? null;
    if (!signature) return setProblem(({ t }) => t('protocol.needSignature'));
    setProblem(null);
    onDone(signature);
  };

  return (
    <section className="k-panel" aria-labelledby="k-protocol-title">
      <h1 id="k-protocol-title" className="k-title">
        {t('protocol.title')}
      </h1>
      <p className="k-sub">{t('protocol.read')}</p>
      {text ? (
        <div className="k-protocol" data-testid="protocol-text">
          {text}
        </div>
      ) : null}
      <label className="k-check">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.target.checked);
            setProblem(null);
          }}
        />
        <span>{t('protocol.accept')}</span>
      </label>
      {showPrivacy ? (
        <button type="button" className="k-link" onClick={showPrivacy} data-testid="protocol-privacy">
          {t('privacy.read')}
        </button>
      ) : null}
      <div className="k-signature">
        <SignaturePad ref={pad} label={t('protocol.sign')} onChange={setHasInk} />
        {hasInk ? null : <div className="k-signature__hint">{t('protocol.sign')}</div>}
      </div>
      {problem ? (
        <p className="k-notice k-notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="k-actions k-actions--spread">
        <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <div className="k-actions">
          <button type="button" className="k-btn k-btn--ghost" onClick={() => pad.current?.clear()} disabled={!hasInk}>
            {t('protocol.clear')}
          </button>
          <button type="button" className="k-btn" onClick={submit} disabled={busy}>
            {busy ? t('common.sending') : submitLabel}
          </button>
        </div>
      </div>
    </section>
  );
}
