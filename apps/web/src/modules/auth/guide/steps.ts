import type { ComponentType } from 'react';
import type { TitleKey } from '../../../app/routes/types';
import { AddEmployeesStep } from '../../employees/guide/AddEmployeesStep';
import { PadStep } from '../../registration/guide/PadStep';
import { RegistrationStep } from '../../registration/guide/RegistrationStep';
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
 * The onboarding wizard's steps, in order (spec section 2: company remark, add employees, registration content,
 * notification mode, pad settings). Only steps that exist are listed; notification mode joins with its module.
 */
export const GUIDE_STEPS: readonly GuideStep[] = [
  { key: 'company', titleKey: 'auth.guide.steps.company', Component: CompanyRemarkStep },
  { key: 'employees', titleKey: 'auth.guide.steps.employees', Component: AddEmployeesStep },
  { key: 'registration', titleKey: 'auth.guide.steps.registration', Component: RegistrationStep },
  { key: 'pad', titleKey: 'auth.guide.steps.pad', Component: PadStep },
];
