import { type LoginResult, logout, padLogo, padPicture } from '@openvisit/contract';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { kioskCompanyName, kioskThemeStyle } from '../core/kioskFace/public';
import { callApi, fetchFile } from '../platform/api';
import { onBackOnline, useNetworkBanner } from '../platform/network';
import { setNavigator } from '../platform/notify';
import { adoptSharedSession, getSession, signOutLocal } from '../platform/session';
import { PrivacyPanel } from './components/PrivacyPanel';
import { TopBar } from './components/TopBar';
import { cachedConfig, DEFAULT_THEME, defaultConfig, type KioskConfig, type KioskSettings, loadConfig } from './config';
import { type Kiosk, KioskContext, type KioskPictures, type Outcome } from './context';
import { restoreDeviceLanguage, useK } from './i18n';
import { beat, HEARTBEAT_MS } from './monitor';
import type { OfflineQueue } from './offlineQueue';
import { screenedEnqueue } from './offlineScreening';
import type { ScreeningCopies } from './screeningCopy';
import { CheckInScreen } from './screens/CheckInScreen';
import { type Errand, HomeScreen } from './screens/HomeScreen';
import { RegisterScreen } from './screens/RegisterScreen';
import { ResultScreen } from './screens/ResultScreen';
import { KIOSK_STYPES, SignInScreen } from './screens/SignInScreen';
import { SignOutScreen } from './screens/SignOutScreen';
import { StaffPanel } from './screens/StaffPanel';
import { TruckScreen } from './screens/TruckScreen';
import { useInactivity } from './useInactivity';
import { useScreeningCopy } from './useScreeningCopy';

/**
 * The stored session when it is a kiosk's (a front desk or visitor machine signed in on this tab, or in the console's
 * tabs when this one has none: the kiosk opened in a new tab from the visitor machine's console).
 */
function restoreSession(): LoginResult | null {
  adoptSharedSession(({ token, project }) => !!token && !!project && KIOSK_STYPES.includes(project.sType ?? -99));
  const { token, project } = getSession();
  return token && project && KIOSK_STYPES.includes(project.sType ?? -99) ? project : null;
}

/** How often the queue is tried while records wait (besides coming back online). */
const FLUSH_EVERY_MS = 15_000;
/** Settings changed in the console reach the kiosk when it is back on its start screen this long after its last read. */
const CONFIG_MAX_AGE_MS = 5 * 60_000;

const NO_PICTURES: KioskPictures = { logo: null, background: null, carousel: [], defaultPhoto: null };

/** The pictures of the settings as object URLs, fetched with the session header (tokens never go into URLs). */
function usePictures(settings: KioskSettings): KioskPictures {
  const [pictures, setPictures] = useState<KioskPictures>(NO_PICTURES);
  const key = JSON.stringify([settings.logo, settings.backgroundPic, settings.carouselPic, settings.defaultPhoto]);
  useEffect(() => {
    const [logo, background, carousel, defaultPhoto] = JSON.parse(key) as [string, string, string[], string];
    let cancelled = false;
    const urls: string[] = [];
    const get = async (def: typeof padLogo | typeof padPicture, k: string): Promise<string | null> => {
      if (!k) return null;
      const blob = await fetchFile(def, { key: k }, { silent: true }).catch(() => null);
      if (!blob || cancelled) return null;
      const url = URL.createObjectURL(blob);
      urls.push(url);
      return url;
    };
    void Promise.all([
      get(padLogo, logo),
      get(padPicture, background),
      Promise.all(carousel.map((c) => get(padPicture, c))),
      get(padPicture, defaultPhoto),
    ]).then(([l, b, c, d]) => {
      if (!cancelled) setPictures({ logo: l, background: b, carousel: c.filter((u): u is string => !!u), defaultPhoto: d });
    });
    return () => {
      cancelled = true;
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [key]);
  return pictures;
}

export function KioskApp({ queue, copies }: { queue: OfflineQueue; copies: ScreeningCopies }) {
  const [session, setSession] = useState<LoginResult | null>(restoreSession);

  // Signed out (by staff or by the session's end), the copy of the watchlists goes: no one screens with it any more.
  useEffect(() => {
    if (!session) void copies.clear();
  }, [session, copies]);

  // 27/28/29 from any call: the error policy signs out locally; the kiosk goes back to its sign-in screen. 303 (a
  // password still to change) lands there too, where signing in again asks for the change.
  useEffect(() => {
    setNavigator(() => setSession(null));
  }, []);

  if (!session)
    return (
      <div className="k-app k-face">
        <SignInScreen onSignedIn={setSession} />
      </div>
    );
  return (
    <SignedIn
      key={session.token}
      session={session}
      queue={queue}
      copies={copies}
      onExit={() => {
        void callApi(logout, {}, { silent: true }).catch(() => undefined);
        signOutLocal();
        setSession(null);
      }}
    />
  );
}

/** The device monitor: a heartbeat (and the errors met) now and every minute while signed in; none when switched off. */
function useHeartbeat(deviceName: string): void {
  useEffect(() => {
    let stopped = false;
    const send = () => {
      if (!stopped) void beat(deviceName).then((on) => (stopped ||= !on));
    };
    send();
    const timer = setInterval(send, HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [deviceName]);
}

/** The last seconds before an unattended errand returns to the start screen. */
function StillHere({ secondsLeft, onStay }: { secondsLeft: number; onStay: () => void }) {
  const { t } = useK();
  return (
    <div className="k-overlay" role="alertdialog" aria-live="assertive" data-testid="inactivity">
      <div className="k-dialog" style={{ alignItems: 'center', textAlign: 'center' }}>
        <div className="k-countdown">{secondsLeft}</div>
        <p>{t('common.timeout', { seconds: secondsLeft })}</p>
        <button type="button" className="k-btn" onClick={onStay}>
          {t('common.stay')}
        </button>
      </div>
    </div>
  );
}

type Screen = { name: 'home' } | { name: Errand } | { name: 'result'; outcome: Outcome };

function SignedIn({ session, queue, copies, onExit }: { session: LoginResult; queue: OfflineQueue; copies: ScreeningCopies; onExit: () => void }) {
  const { t, lang } = useK();
  const [config, setConfig] = useState<KioskConfig>(() => cachedConfig() ?? defaultConfig(session.company));
  // A fresh sign-in waits for the company's settings (which form, "came before"…) before offering anything; without a
  // network it goes on with the defaults, and a kiosk reopened with settings kept starts at once.
  const [ready, setReady] = useState(() => cachedConfig() !== null);
  const loadedAt = useRef(0);
  const refreshConfig = useCallback(() => {
    loadConfig()
      .then((c) => {
        loadedAt.current = Date.now();
        setConfig(c);
      })
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, []);
  const pictures = usePictures(config.settings);
  const [screen, setScreen] = useState<Screen>({ name: 'home' });
  const [staffOpen, setStaffOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const network = useNetworkBanner();

  const companyId = session.userid;
  const subscribe = useCallback((fn: () => void) => queue.subscribe(fn), [queue]);
  const countsKey = useSyncExternalStore(subscribe, () => JSON.stringify(queue.counts(companyId)));
  const counts = useMemo(() => JSON.parse(countsKey) as ReturnType<OfflineQueue['counts']>, [countsKey]);

  // Send what waits: now, whenever the network and the server are back, and every 15 s while something waits.
  useEffect(() => {
    const flush = () => void queue.flush(companyId);
    flush();
    return onBackOnline(flush);
  }, [queue, companyId]);
  useHeartbeat(session.sName || session.account || session.company);
  useScreeningCopy(copies, companyId);
  // The settings: now, when the network returns without them, and (see `home`) when they are old.
  useEffect(() => {
    refreshConfig();
    const again = () => {
      if (!loadedAt.current) refreshConfig();
    };
    return onBackOnline(again);
  }, [refreshConfig]);
  useEffect(() => {
    if (!counts.pending) return;
    const timer = setInterval(() => void queue.flush(companyId), FLUSH_EVERY_MS);
    return () => clearInterval(timer);
  }, [queue, companyId, counts.pending]);

  const home = useCallback(() => {
    setScreen({ name: 'home' });
    setStaffOpen(false);
    setPrivacyOpen(false);
    void restoreDeviceLanguage();
    if (Date.now() - loadedAt.current > CONFIG_MAX_AGE_MS) refreshConfig();
  }, [refreshConfig]);

  // Watching the induction video or answering its questions is activity without touches.
  const [held, setHeld] = useState(false);
  const { secondsLeft, keepAlive } = useInactivity({ active: (screen.name !== 'home' || staffOpen || privacyOpen) && !held, onTimeout: home });

  const kiosk: Kiosk = useMemo(
    () => ({
      session,
      config,
      pictures,
      queue,
      lang,
      enqueue: screenedEnqueue(queue, copies, companyId),
      finish: (outcome) => setScreen({ name: 'result', outcome }),
      home,
      hold: setHeld,
      ...(config.privacyPage ? { showPrivacy: () => setPrivacyOpen(true) } : {}),
    }),
    [session, config, pictures, queue, copies, lang, companyId, home],
  );

  return (
    <KioskContext.Provider value={kiosk}>
      <div className="k-app k-face" style={kioskThemeStyle(config.settings.themecolor || DEFAULT_THEME)}>
        <TopBar
          company={kioskCompanyName(config)}
          logo={pictures.logo}
          pending={counts.pending}
          onHome={screen.name === 'home' ? undefined : home}
          onPrivacy={config.privacyPage ? () => setPrivacyOpen(true) : undefined}
        />
        {network === 'offline' ? (
          <div className="k-notice k-notice--warn" role="status" style={{ borderRadius: 0 }}>
            {t('offline.banner')}
          </div>
        ) : null}
        {!ready ? (
          <main className="k-main" aria-busy="true" data-testid="kiosk-loading">
            <p className="k-sub">{t('common.loading')}</p>
          </main>
        ) : screen.name === 'home' ? (
          <HomeScreen onErrand={(name) => setScreen({ name })} onStaff={() => setStaffOpen(true)} />
        ) : (
          <main className="k-main">
            {screen.name === 'register' ? <RegisterScreen /> : null}
            {screen.name === 'checkin' ? <CheckInScreen /> : null}
            {screen.name === 'signout' ? <SignOutScreen /> : null}
            {screen.name === 'truck' ? <TruckScreen /> : null}
            {screen.name === 'result' ? <ResultScreen outcome={screen.outcome} /> : null}
          </main>
        )}
        {privacyOpen && config.privacyPage ? <PrivacyPanel url={config.privacyPage} config={config} onClose={() => setPrivacyOpen(false)} /> : null}
        {staffOpen ? <StaffPanel counts={counts} onClose={() => setStaffOpen(false)} onExit={onExit} /> : null}
        {secondsLeft !== null ? <StillHere secondsLeft={secondsLeft} onStay={keepAlive} /> : null}
      </div>
    </KioskContext.Provider>
  );
}
