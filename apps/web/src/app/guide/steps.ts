import type { FeatureFlag } from '@openvisit/contract';
import type { ComponentType } from 'react';
import { CompanyRemarkStep } from '../../modules/auth/guide/CompanyRemarkStep';
import { AddEmployeesStep } from '../../modules/employees/guide/AddEmployeesStep';
import { NoticeStep } from '../../modules/notifications/guide/NoticeStep';
import { PadStep } from '../../modules/registration/guide/PadStep';
import { RegistrationStep } from '../../modules/registration/guide/RegistrationStep';
import type { GuideStepProps } from '../../platform/guide';
import type { TitleKey } from '../../platform/routes';

export interface GuideStep {
  key: string;
  titleKey: TitleKey;
  Component: ComponentType<GuideStepProps>;
  /** Left out while this console section is switched off (its calls are too). */
  feature?: FeatureFlag;
}

/**
 * The onboarding wizard's steps, in order (spec section 2: company remark, add employees, registration content,
 * notification mode, pad settings): /guide is the first, /guide2…/guide5 the others.
 */
export const GUIDE_STEPS: readonly GuideStep[] = [
  { key: 'company', titleKey: 'guide.steps.company', Component: CompanyRemarkStep },
  { key: 'employees', titleKey: 'guide.steps.employees', Component: AddEmployeesStep },
  { key: 'registration', titleKey: 'guide.steps.registration', Component: RegistrationStep },
  { key: 'notice', titleKey: 'guide.steps.notice', Component: NoticeStep, feature: 'notice' },
  { key: 'pad', titleKey: 'guide.steps.pad', Component: PadStep },
];

/** The path of a step: /guide for the first, /guide2… for the others. */
export function guideStepPath(index: number): string {
  return index <= 0 ? '/guide' : `/guide${index + 1}`;
}

/** The steps of this installation: those of sections switched off are left out (features unknown yet: all). */
export function guideSteps(features?: Partial<Record<FeatureFlag, boolean>>): readonly GuideStep[] {
  return GUIDE_STEPS.filter((s) => !s.feature || !features || features[s.feature] === true);
}

/** The step a path shows (/guide, /guide2…) among `count` steps; out of range: the nearest. */
export function guideStepIndex(pathname: string, count: number = GUIDE_STEPS.length): number {
  const n = Number(/^\/guide(\d*)\/?$/.exec(pathname)?.[1] || '1');
  return Math.min(Math.max(n - 1, 0), count - 1);
}
