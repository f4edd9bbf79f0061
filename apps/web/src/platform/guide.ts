/**
 * What a step of the onboarding wizard (after sign-up) receives: modules export their steps' components, the shell
 * (app/guide/steps.ts) lists them in order.
 */
export interface GuideStepProps {
  /** The last registered step finishes the wizard (it sends `guideDone: true`). */
  isLast: boolean;
  onDone: () => void;
}
