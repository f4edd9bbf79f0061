import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { showLanguage } from '../../platform/i18n';
import type { KioskConfig } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { FacePhotoStep } from './PhotoCapture';

const faceConsent = {
  zh: { id: 21, version: 3, lang: 'zh' as const, text: '人脸识别为自愿选择。' },
  en: { id: 22, version: 3, lang: 'en' as const, text: 'Face recognition is your choice.' },
};

function renderStep(config: Partial<KioskConfig>) {
  const kiosk = testKiosk({ config });
  const onDone = vi.fn();
  const onBack = vi.fn();
  render(
    <KioskContext.Provider value={kiosk}>
      <FacePhotoStep onDone={onDone} onBack={onBack} />
    </KioskContext.Provider>,
  );
  return { onDone, onBack };
}

describe('the kiosk asks for face consent apart, before the camera', () => {
  beforeEach(() => showLanguage('en'));

  it('shows the text in the kiosk’s language with its version; agreeing sends that version with the photo', async () => {
    const { onDone } = renderStep({ faceConsent });
    expect(screen.getByTestId('face-consent-text').textContent).toBe('Face recognition is your choice.');
    expect(screen.getByText('Version 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    // jsdom has no camera: the visitor goes on without a photo, the consent still travels.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue without a photo' }));
    expect(onDone).toHaveBeenCalledWith({ photo: '', faceConsent: 22 });
    expect(screen.queryByTestId('face-declined')).toBeNull();
  });

  it('declining says what the photo is for and sends none; Back asks again', async () => {
    const { onDone, onBack } = renderStep({ faceConsent });
    fireEvent.click(screen.getByRole('button', { name: 'No, thank you' }));
    expect((await screen.findByTestId('face-declined')).textContent).toBe(
      'Your photo is for your badge only. You pass the doors with your QR code or card.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('face-consent')).toBeTruthy();
    expect(onBack).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'No, thank you' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue without a photo' }));
    expect(onDone).toHaveBeenCalledWith({ photo: '' });
  });

  it('in Chinese, the Chinese text', async () => {
    await showLanguage('zh');
    renderStep({ faceConsent });
    expect(screen.getByTestId('face-consent-text').textContent).toBe('人脸识别为自愿选择。');
    expect(screen.getByRole('button', { name: '我同意' })).toBeTruthy();
  });

  it('without the company’s settings yet, it goes straight to the camera and no consent is sent', async () => {
    const { onDone } = renderStep({});
    fireEvent.click(await screen.findByRole('button', { name: 'Continue without a photo' }));
    expect(onDone).toHaveBeenCalledWith({ photo: '' });
  });
});
