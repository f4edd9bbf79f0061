import {
  checkThemeColor,
  DEFAULT_THEME_COLOR,
  ESCAPE_CLAUSE_MAX,
  normaliseThemeColor,
  type PadSettings,
  SECURE_PROTOCOL_MAX,
} from '@openvisit/contract';
import { App, Button, Card, ColorPicker, Divider, Flex, Form, Input, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { usePadWrite } from '../api';
import { useRegistrationRules } from '../rules';
import { CarouselField, PictureField } from './PictureField';

type SwitchKey = 'qrcodeSwitch' | 'comeAgain' | 'signOutSwitch' | 'faceScaner';
const SWITCH_CALLS = {
  qrcodeSwitch: 'updateQRcode',
  comeAgain: 'updateComeAgain',
  signOutSwitch: 'updateSignOutSwitch',
  faceScaner: 'updateFaceScaner',
} as const;

/** A kiosk switch: changed on the server first, shown as changed once it answered (spec section 4). */
function SwitchRow({ name, settings }: { name: SwitchKey; settings: PadSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const write = usePadWrite();
  const [busy, setBusy] = useState(false);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      const value = on ? 1 : 0;
      await write.mutateAsync({ call: SWITCH_CALLS[name], input: { [name]: value } } as Parameters<typeof write.mutateAsync>[0]);
      void message.success(t(on ? 'registration.padset.switchedOn' : 'registration.padset.switchedOff', { what: t(`registration.padset.${name}`) }));
    } catch {
      // shown by the error policy
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ padding: '8px 0' }}>
      <div>
        <Typography.Text strong>{t(`registration.padset.${name}`)}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`registration.padset.${name}Help`)}
        </Typography.Text>
      </div>
      <Switch
        checked={settings[name] === 1}
        loading={busy}
        onChange={(on) => void toggle(on)}
        aria-label={t(`registration.padset.${name}`)}
        data-testid={`switch-${name}`}
      />
    </Flex>
  );
}

/**
 * Theme colour: typed (#rgb or #rrggbb, checked as typed) or picked, saved with its button. `onDraft` hears the colour
 * the kiosk would take (the typed one once it is valid, else the saved one), so the preview shows it before saving.
 */
export function ThemeColorForm({ settings, onDraft }: { settings: PadSettings; onDraft?: (themecolor: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRegistrationRules();
  const write = usePadWrite();
  const [form] = Form.useForm<{ themecolor: string }>();
  const typed = Form.useWatch('themecolor', form) ?? settings.themecolor;
  const shown = typed && !checkThemeColor(typed) ? normaliseThemeColor(typed) : settings.themecolor || DEFAULT_THEME_COLOR;
  const draft = !checkThemeColor(typed ?? '') ? normaliseThemeColor(typed ?? '') : settings.themecolor;
  useEffect(() => onDraft?.(draft), [draft, onDraft]);
  const submit = async (v: { themecolor: string }) => {
    try {
      await write.mutateAsync({ call: 'UpdateThemeColor', input: { themecolor: v.themecolor?.trim() ?? '' } });
      void message.success(t('registration.padset.themeColorSaved'));
    } catch (err) {
      handleFormError(form, err);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ themecolor: settings.themecolor }} name="themeColor">
      <Flex gap={8} align="flex-start">
        <Form.Item
          label={t('registration.padset.themeColor')}
          name="themecolor"
          rules={rules.themeColor()}
          extra={t('registration.padset.themeColorHelp')}
        >
          <Input
            prefix={<ColorPicker size="small" value={shown} disabledAlpha onChange={(c) => form.setFieldsValue({ themecolor: c.toHexString() })} />}
            placeholder={DEFAULT_THEME_COLOR}
            style={{ width: 200 }}
            data-testid="theme-color"
          />
        </Form.Item>
        <Button htmlType="submit" loading={write.isPending} style={{ marginTop: 30 }} data-testid="theme-color-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}

/** The safety terms (both languages) and the exemption clause: plain text, saved with their buttons. */
function TermsForm({ settings }: { settings: PadSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const write = usePadWrite();
  const [terms] = Form.useForm<{ secureProtocol: string; secureProtocolEn: string }>();
  const [clause] = Form.useForm<{ escapeClause: string }>();
  return (
    <>
      <Form
        form={terms}
        layout="vertical"
        name="terms"
        initialValues={{ secureProtocol: settings.secureProtocol, secureProtocolEn: settings.secureProtocolEn }}
        onFinish={async (v) => {
          try {
            const saved = await write.mutateAsync({
              call: 'updateSecureProtocol',
              input: { secureProtocol: v.secureProtocol ?? '', secureProtocolEn: v.secureProtocolEn ?? '' },
            });
            // The server keeps plain text: show what it kept.
            terms.setFieldsValue({ secureProtocol: saved.secureProtocol, secureProtocolEn: saved.secureProtocolEn });
            void message.success(t('registration.padset.termsSaved'));
          } catch (err) {
            handleFormError(terms, err);
          }
        }}
      >
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('registration.padset.secureProtocolHelp')}
        </Typography.Paragraph>
        <Form.Item label={t('registration.padset.secureProtocol')} name="secureProtocol" rules={[{ max: SECURE_PROTOCOL_MAX }]}>
          <Input.TextArea rows={5} maxLength={SECURE_PROTOCOL_MAX} data-testid="secure-protocol" />
        </Form.Item>
        <Form.Item label={t('registration.padset.secureProtocolEn')} name="secureProtocolEn" rules={[{ max: SECURE_PROTOCOL_MAX }]}>
          <Input.TextArea rows={5} maxLength={SECURE_PROTOCOL_MAX} data-testid="secure-protocol-en" />
        </Form.Item>
        <Button htmlType="submit" loading={write.isPending} data-testid="terms-save">
          {t('common.save')}
        </Button>
      </Form>
      <Divider />
      <Form
        form={clause}
        layout="vertical"
        name="clause"
        initialValues={{ escapeClause: settings.escapeClause }}
        onFinish={async (v) => {
          try {
            const saved = await write.mutateAsync({ call: 'updateEscapeClause', input: { escapeClause: v.escapeClause ?? '' } });
            clause.setFieldsValue({ escapeClause: saved.escapeClause });
            void message.success(t('registration.padset.clauseSaved'));
          } catch (err) {
            handleFormError(clause, err);
          }
        }}
      >
        <Form.Item
          label={t('registration.padset.escapeClause')}
          name="escapeClause"
          extra={t('registration.padset.escapeClauseHelp')}
          rules={[{ max: ESCAPE_CLAUSE_MAX }]}
        >
          <Input.TextArea rows={3} maxLength={ESCAPE_CLAUSE_MAX} showCount data-testid="escape-clause" />
        </Form.Item>
        <Button htmlType="submit" loading={write.isPending} data-testid="clause-save">
          {t('common.save')}
        </Button>
      </Form>
    </>
  );
}

/** The kiosk tab: appearance (pictures, colour), options (switches) and terms. */
export function KioskSettings({ settings, onThemeDraft }: { settings: PadSettings; onThemeDraft?: (themecolor: string) => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('registration.padset.appearance')}>
        <Flex vertical gap={20}>
          <PictureField kind="logo" title={t('registration.padset.logo')} />
          <PictureField kind="backgroundPic" title={t('registration.padset.background')} />
          <CarouselField title={t('registration.padset.carousel')} />
          <PictureField kind="defaultPhoto" title={t('registration.padset.defaultPhoto')} />
          <ThemeColorForm settings={settings} onDraft={onThemeDraft} />
        </Flex>
      </Card>
      <Card size="small" title={t('registration.padset.switches')}>
        {(Object.keys(SWITCH_CALLS) as SwitchKey[]).map((k) => (
          <SwitchRow key={k} name={k} settings={settings} />
        ))}
      </Card>
      <Card size="small" title={t('registration.padset.terms')}>
        <TermsForm settings={settings} />
      </Card>
    </Flex>
  );
}

export { SwitchRow };
