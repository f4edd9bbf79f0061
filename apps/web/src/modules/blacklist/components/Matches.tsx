import type { ListedLevel, MatchStrength, ScreeningMatch } from '@openvisit/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../platform/i18n';
import { ListedThumb } from './ListedPhoto';

/** The colour of each strength: exact red, strong orange, possible gold. */
const STRENGTH_COLOR: Record<MatchStrength, string> = { exact: 'red', strong: 'volcano', possible: 'gold' };
/** The colour of each level: refuse red, review orange, note blue. */
const LEVEL_COLOR: Record<ListedLevel, string> = { refuse: 'red', review: 'orange', note: 'blue' };

export function StrengthTag({ strength }: { strength: MatchStrength }) {
  const { t } = useTranslation();
  return (
    <Tag color={STRENGTH_COLOR[strength]} data-testid={`strength-${strength}`}>
      {t(`blacklist.strength.${strength}`)}
    </Tag>
  );
}

export function LevelTag({ level }: { level: ListedLevel }) {
  const { t } = useTranslation();
  return <Tag color={LEVEL_COLOR[level]}>{t(`blacklist.level.${level}`)}</Tag>;
}

/**
 * The entries a person matched, one line each: the entry's photo (for the reviewer to compare), the list (with
 * `lists`), the entry's name, how strongly, the entry's level, and why, in the language shown.
 */
export function MatchList({ matches, lists = false }: { matches: readonly ScreeningMatch[]; lists?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Flex vertical gap={6} data-testid="matches">
      {matches.map((m, i) => (
        // The same entry may match twice (by a name and by a number): the position tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: a match has no id of its own
        <Flex key={`${m.list}-${m.bid}-${i}`} vertical gap={2} data-testid={`match-${m.bid}`}>
          <Flex gap={4} wrap align="center">
            <ListedThumb kind={m.list} bid={m.bid} photo={m.photo} name={m.name} size={48} />
            {lists ? <Tag color={m.list === 'black' ? 'default' : 'green'}>{t(`blacklist.list.${m.list}`)}</Tag> : null}
            <Typography.Text strong>{m.name}</Typography.Text>
            <StrengthTag strength={m.strength} />
            {m.list === 'black' ? <LevelTag level={m.level} /> : null}
          </Flex>
          <Typography.Text type="secondary">{m.reasonText[lang]}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
