import { statusInfo } from '@openvisit/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps, badgeTexts, PRINT_ROOT_ID, PrintableBadge } from '../core/badge/public';
import { httpMessageKey, statusText } from '../platform/errorPolicy';
import { showLanguage, useLang } from '../platform/i18n';
import { readCardLink } from './link';
import { type CardInfo, type CardPictures, fetchCardInfo, fetchPictures, type Refusal } from './load';

type State = { kind: 'loading' } | { kind: 'refused'; refusal: Refusal } | { kind: 'ready'; info: CardInfo; pictures: CardPictures };

/** How long the page waits for the QR code and the pictures to draw before it prints what it has. */
export const DRAW_BOUND_MS = 10_000;

/** The badge is drawn: its QR codes are there (the badge says it is still drawing) and every picture has loaded or failed. */
function drawn(root: HTMLElement | null): boolean {
  if (!root || root.querySelector('[data-drawing]')) return false;
  return [...root.querySelectorAll('img')].every((img) => img.complete);
}

/** Opens the print dialog once, as the original page did, when the badge has drawn (or the bound has passed). */
function usePrintWhenDrawn(ready: boolean): void {
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (!drawn(document.getElementById(PRINT_ROOT_ID)) && Date.now() - started < DRAW_BOUND_MS) return;
      clearInterval(timer);
      if (printed.current) return;
      printed.current = true;
      window.print();
    }, 50);
    return () => clearInterval(timer);
  }, [ready]);
}

/** The refusal in the page's language: the catalogue's Chinese, or the server's reason in English. */
function useRefusalText(refusal: Refusal | null): string {
  const { t } = useTranslation();
  const { t: ct } = useTranslation('card');
  const lang = useLang();
  if (!refusal) return '';
  if ('noVisit' in refusal) return ct('noVisit');
  if ('http' in refusal) return t(`http.${httpMessageKey(refusal.http)}`);
  return statusText(refusal.status, refusal.reason, lang) ?? statusInfo(refusal.status)?.en ?? t('errors.unknown', { code: refusal.status });
}

/** Asks for the link's badge; once it is there the page speaks the visit's language (the badge is the visitor's). */
function useCard(search: string): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const link = readCardLink(search);
    void (async () => {
      const answer = await fetchCardInfo(link);
      if ('refusal' in answer) {
        if (live) setState({ kind: 'refused', refusal: answer.refusal });
        return;
      }
      const [pictures] = await Promise.all([
        fetchPictures(answer.info, link.token ?? ''),
        showLanguage(answer.info.visit.lang).catch(() => undefined),
      ]);
      if (live) setState({ kind: 'ready', info: answer.info, pictures });
    })();
    return () => {
      live = false;
    };
  }, [search]);
  return state;
}

/**
 * The badge page the original front-desk app opens to print a visitor's badge (`/card/index.html?vid=v<vid>&…`, or
 * under `/card/custom/<name>/`): our badge for the visit, exactly as the kiosk prints it (core/badge), then the
 * print dialog; or why it cannot be shown.
 */
export function CardPage({ search }: { search: string }) {
  const { t } = useTranslation();
  const { t: ct } = useTranslation('card');
  const lang = useLang();
  const state = useCard(search);
  const reason = useRefusalText(state.kind === 'refused' ? state.refusal : null);
  const info = state.kind === 'ready' ? state.info : null;
  const props: BadgeProps | null =
    state.kind === 'ready' && info
      ? {
          visit: info.visit,
          settings: info.settings,
          company: info.shortName || info.company,
          ...state.pictures,
          lang,
          texts: badgeTexts(t),
          theme: info.settings.themecolor || undefined,
          privacyPage: info.privacyPage,
        }
      : null;
  usePrintWhenDrawn(props !== null);
  useEffect(() => {
    document.title = info ? `${ct('title')} · ${info.visit.vname}` : ct('title');
  }, [info, ct]);

  const title = <h1 className="card-page__title">{ct('title')}</h1>;
  if (state.kind === 'refused')
    return (
      <main className="card-page">
        {title}
        <p className="card-page__note card-page__note--refused" role="alert" data-testid="card-refused">
          {ct('refused', { reason })}
        </p>
      </main>
    );
  if (!props)
    return (
      <main className="card-page" aria-busy="true">
        {title}
        <p className="card-page__note" data-testid="card-loading">
          {ct('loading')}
        </p>
      </main>
    );
  return (
    <main className="card-page">
      {title}
      <Badge {...props} />
      <PrintableBadge {...props} />
      <button type="button" className="card-page__print" onClick={() => window.print()}>
        {ct('print')}
      </button>
    </main>
  );
}
