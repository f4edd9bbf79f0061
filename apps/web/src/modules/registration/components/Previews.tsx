import type { Lang, PadSettings } from '@openvisit/contract';
import { Card, Flex, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, badgeSize, badgeTexts } from '../../../core/badge/public';
import { KioskFacePreview, kioskFaceTexts, kioskSlides } from '../../../core/kioskFace/public';
import { useFeature } from '../../../platform/config';
import { loadLanguage, useLang } from '../../../platform/i18n';
import { usePictureUrl } from '../api';

/** The language a preview shows the kiosk in: the console's at first, switchable there. */
function usePreviewLang() {
  const lang = useLang();
  const [chosen, setChosen] = useState<Lang | null>(null);
  return [chosen ?? lang, setChosen] as const;
}

function LangSwitch({ value, onChange }: { value: Lang; onChange: (l: Lang) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented
      size="small"
      aria-label={t('registration.padset.previewLanguage')}
      value={value}
      onChange={(v) => onChange(v as Lang)}
      options={[
        { value: 'zh', label: '中文' },
        { value: 'en', label: 'English' },
      ]}
      data-testid="preview-lang"
    />
  );
}

/**
 * The kiosk's start screen drawn by the kiosk's own face, from the settings and the colour being typed (not yet saved),
 * in either language: the texts of a language not shown yet are loaded first.
 */
export function KioskPreviewCard({ settings, company, themeDraft }: { settings: PadSettings; company: string; themeDraft?: string }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = usePreviewLang();
  const [loaded, setLoaded] = useState<Lang | null>(null);
  useEffect(() => {
    let live = true;
    void loadLanguage(lang)
      .catch(() => undefined)
      .then(() => live && setLoaded(lang));
    return () => {
      live = false;
    };
  }, [lang]);
  const shown = loaded ?? i18n.language;
  const logoUrl = usePictureUrl(settings.logo, 'logo');
  const backgroundUrl = usePictureUrl(settings.backgroundPic, 'picture');
  const carouselUrl = usePictureUrl(settings.carouselPic[0] ?? '', 'picture');
  const trucks = useFeature('logistics');
  const slides = kioskSlides(settings.carouselPic, settings.backgroundPic);
  const look = {
    company,
    themecolor: themeDraft ?? settings.themecolor,
    logo: logoUrl || null,
    // The carousel's first picture stands for the carousel (a preview need not turn).
    slides: slides.length >= 2 ? (carouselUrl ? [carouselUrl] : []) : backgroundUrl ? [backgroundUrl] : [],
    signOut: settings.signOutSwitch === 1,
    // The kiosk offers the truck driver's errand while logistics is on: so does its preview.
    trucks: trucks === true,
  };
  return (
    <Card size="small" title={t('registration.padset.preview')} extra={<LangSwitch value={lang} onChange={setLang} />}>
      <Flex justify="center">
        <KioskFacePreview look={look} texts={kioskFaceTexts(i18n.getFixedT(shown))} label={t('kioskFace.preview')} />
      </Flex>
    </Card>
  );
}

/** The pixels of a millimetre on screen (CSS: 96 px to the inch). */
const PX_PER_MM = 96 / 25.4;
/** The widest a badge is drawn in the settings' column. */
const PREVIEW_WIDTH_PX = 360;

/**
 * The badge in the card style being edited (not yet saved), with a made-up visitor, in either language: the very badge
 * the kiosk and the front desk print (core/badge), zoomed to fit the column.
 */
export function BadgePreviewCard({ settings, company }: { settings: PadSettings; company: string }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = usePreviewLang();
  const fixed = i18n.getFixedT(lang);
  const logoUrl = usePictureUrl(settings.logo, 'logo');
  const defaultPhotoUrl = usePictureUrl(settings.defaultPhoto, 'picture');
  const paper = badgeSize(settings.cardSize);
  const zoom = Math.min(1, PREVIEW_WIDTH_PX / (paper.widthMm * PX_PER_MM));
  return (
    <Card size="small" title={t('registration.badge.preview')} extra={<LangSwitch value={lang} onChange={setLang} />}>
      <Flex vertical align="center" gap={8}>
        <div style={{ zoom }}>
          <Badge
            settings={settings}
            company={company}
            photo={null}
            logo={logoUrl || null}
            fixedPhoto={defaultPhotoUrl || null}
            lang={lang}
            texts={badgeTexts(fixed)}
            theme={settings.themecolor || undefined}
            visit={{
              vname: fixed('registration.badge.sample.name'),
              vcompany: fixed('registration.badge.sample.company'),
              empName: fixed('registration.badge.sample.host'),
              visitdate: null,
              visitType: '',
              cardNo: '',
              code: SAMPLE_CODE,
            }}
          />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="badge-paper">
          {t('registration.badge.previewSize', { width: paper.widthMm, height: paper.heightMm })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** The code a made-up visitor's badge shows (and its QR carries). */
const SAMPLE_CODE = '12345678';
