import { type Errand, KioskHome, kioskCompanyName, kioskFaceTexts, kioskSlides } from '../../core/kioskFace/public';
import { useKiosk } from '../context';
import { useK } from '../i18n';

export type { Errand };

/** The start screen, drawn by the kiosk's face (the console's preview draws the same) from the live configuration. */
export function HomeScreen({ onErrand, onStaff }: { onErrand: (errand: Errand) => void; onStaff: () => void }) {
  const { ct } = useK();
  const { config, pictures } = useKiosk();
  const look = {
    company: kioskCompanyName(config),
    themecolor: config.settings.themecolor,
    logo: pictures.logo,
    slides: kioskSlides(pictures.carousel, pictures.background),
    signOut: config.settings.signOutSwitch === 1,
    trucks: config.trucks === true,
  };
  return <KioskHome look={look} texts={kioskFaceTexts(ct)} onErrand={onErrand} onStaff={onStaff} />;
}
