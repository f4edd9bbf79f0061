import { VISIT_DAYS_WINDOW } from '@openvisit/contract';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX, ruleMessage } from '../../platform/validationText';

/** The invitation's own rules, with texts of their own (the others are the console's common validation texts). */
const INVITE_RULES = ['phoneOrEmail', 'past', 'tooFar', 'duplicate', 'invited', 'screened'] as const;
function isInviteRule(rule: string): rule is (typeof INVITE_RULES)[number] {
  return (INVITE_RULES as readonly string[]).includes(rule);
}

/** The words for a rule an invitation's field failed (`field` is the last part of the server's path, e.g. 'phone'). */
export function useInviteRuleText(): (rule: string, field: string) => string {
  const { t } = useTranslation();
  return (rule, field) => {
    if (isInviteRule(rule)) return t(`invitations.invite.rules.${rule}`, { days: VISIT_DAYS_WINDOW });
    return ruleMessage(t, rule, { max: FIELD_MAX[field], field });
  };
}

/** The visitors screening refused (66's `result.refused`: each one's place among the visitors), as field errors on their names. */
export function refusedVisitors(result: unknown): { field: string; rule: string }[] {
  const refused = (result as { refused?: { index?: unknown }[] } | null)?.refused;
  if (!Array.isArray(refused)) return [];
  return refused.flatMap((r) => (typeof r.index === 'number' ? [{ field: `visitors.${r.index}.name`, rule: 'screened' }] : []));
}

/** A server field path ('visitors.0.phone') as a form's name path (['visitors', 0, 'phone']). */
export function namePath(field: string): (string | number)[] {
  return field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
