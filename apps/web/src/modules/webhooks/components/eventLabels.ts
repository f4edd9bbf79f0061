import { type EventType, eventCatalogue, eventGroups, type Lang, SUBSCRIBABLE_EVENTS } from '@openvisit/contract';

/** An event type's label in the language shown (the type itself for one the catalogue no longer has). */
export function eventLabel(type: string, lang: Lang): string {
  return (eventCatalogue as Record<string, { label: Record<Lang, string> } | undefined>)[type]?.label[lang] ?? type;
}

/** The events an endpoint may subscribe to, grouped by what they concern (visit.*, door.*, …), for a picker. */
export function eventOptions(lang: Lang) {
  const groups = new Map<string, { value: EventType; label: string }[]>();
  for (const type of SUBSCRIBABLE_EVENTS) {
    const group = type.split('.')[0] as string;
    groups.set(group, [...(groups.get(group) ?? []), { value: type, label: `${eventLabel(type, lang)} (${type})` }]);
  }
  return [...groups.entries()].map(([group, options]) => ({ label: eventGroups[group]?.[lang] ?? group, options }));
}
