import type { ComponentType } from 'react';
import type { TitleKey } from '../../../app/routes/types';
import { CompanyRemarkStep } from './CompanyRemarkStep';

export interface GuideStepProps {
  /** The last registered step finishes the wizard (it sends `guideDone: true`). */
  isLast: boolean;
  onDone: () => void;
}

export interface GuideStep {
  key: string;
  titleKey: TitleKey;
  Component: ComponentType<GuideStepProps>;
}

/**
 * The onboarding wizard's steps, in order. Only steps that exist are listed; add employees,
 * registration content, notification mode and pad settings join this array with their modules.
 */
export const GUIDE_STEPS: readonly GuideStep[] = [{ key: 'company', titleKey: 'auth.guide.steps.company', Component: CompanyRemarkStep }];
