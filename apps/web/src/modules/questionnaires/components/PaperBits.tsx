import type { PaperState } from '@openvisit/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<PaperState, string> = { open: 'processing', passed: 'success', failed: 'error', expired: 'default' };

/** A paper's state: being answered, passed, failed, or closed unanswered. */
export function PaperStateTag({ state }: { state: PaperState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`questionnaires.states.${state}`)}</Tag>;
}

/** "score / full", or a dash while the paper has no score. */
export const scoreText = (total: number | null, full: number) => (total === null ? '—' : `${total} / ${full}`);
