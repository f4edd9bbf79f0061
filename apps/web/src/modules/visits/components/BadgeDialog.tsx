import { PrinterOutlined } from '@ant-design/icons';
import { padLogo, padPicture, visitPhoto } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps, badgeTexts, PrintableBadge } from '../../../core/badge/public';
import { api, fetchFile } from '../../../platform/api';
import { useLang } from '../../../platform/i18n';

/** A picture of the settings or the visit as an object URL (fetched with the session header), revoked when it goes. */
function usePicture(key: string, fetch: (() => Promise<Blob>) | null): string | null {
  const q = useQuery({
    queryKey: ['reception', 'picture', key],
    queryFn: async () => URL.createObjectURL(await (fetch as () => Promise<Blob>)()),
    enabled: fetch !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  useEffect(() => () => (q.data ? URL.revokeObjectURL(q.data) : undefined), [q.data]);
  return fetch ? (q.data ?? null) : null;
}

/**
 * Reprints a visitor's badge: `getCardInfo` gives the visit, the company and the badge style; the badge is the kiosk's
 * (core/badge), previewed here and printed alone on a page of the badge paper's size.
 */
export function BadgeDialog({ vid, onClose }: { vid: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const info = useQuery({ queryKey: ['visits', 'card', vid], queryFn: () => api.getCardInfo({ vid: vid ?? 0 }), enabled: vid !== null });
  const d = vid !== null ? info.data : undefined;
  const s = d?.settings;
  const photo = usePicture(
    `photo:${d?.visit.vid ?? ''}`,
    d?.visit.vphoto ? () => fetchFile(visitPhoto, { vid: d.visit.vid }, { silent: true }) : null,
  );
  const logo = usePicture(`logo:${s?.logo ?? ''}`, s?.logo ? () => fetchFile(padLogo, { key: s.logo }, { silent: true }) : null);
  const fixed = usePicture(
    `fixed:${s?.defaultPhoto ?? ''}`,
    s?.defaultPhoto ? () => fetchFile(padPicture, { key: s.defaultPhoto }, { silent: true }) : null,
  );
  const texts = badgeTexts(t);
  const props: BadgeProps | null =
    d && s
      ? {
          visit: d.visit,
          settings: s,
          company: d.shortName || d.company,
          photo,
          logo,
          fixedPhoto: fixed,
          lang,
          texts,
          theme: s.themecolor || undefined,
          privacyPage: d.privacyPage,
        }
      : null;

  return (
    <Modal
      open={vid !== null}
      onCancel={onClose}
      title={t('reception.badge.title')}
      width={560}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('reception.badge.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!props} onClick={() => window.print()}>
          {t('reception.badge.print')}
        </Button>,
      ]}
    >
      {props ? (
        <>
          <Flex justify="center" style={{ padding: 16, background: '#f0f0f0', borderRadius: 8, overflow: 'auto' }}>
            <Badge {...props} />
          </Flex>
          <PrintableBadge {...props} />
        </>
      ) : (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      )}
    </Modal>
  );
}
