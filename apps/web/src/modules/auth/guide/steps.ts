import type { ComponentType } from 'react';
import type { TitleKey } from '../../../app/routes/types';
import { AddEmployeesStep } from '../../employees/guide/AddEmployeesStep';
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
 * The onboarding wizard's steps, in order. Only steps that exist are listed; registration content,
 * notification mode and pad settings join this array with their modules.
 */
export const GUIDE_STEPS: readonly GuideStep[] = [
  { key: 'company', titleKey: 'auth.guide.steps.company', Component: CompanyRemarkStep },
  { key: 'employees', titleKey: 'auth.guide.steps.employees', Component: AddEmployeesStep },
];
