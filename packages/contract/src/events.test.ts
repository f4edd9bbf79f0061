import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventCatalogue, eventGroups, exampleEvent } from './events.js';

describe('the event catalogue', () => {
  it('every example body is valid under its own schema, and every type has a group the console can name', () => {
    for (const type of EVENT_TYPES) {
      expect(eventCatalogue[type].data.safeParse(exampleEvent(type).data).success, type).toBe(true);
      expect(eventGroups[type.split('.')[0] ?? ''], type).toBeDefined();
    }
  });
  it('no example body has a field for what an event never carries: an ID number, a photo or face, a pass', () => {
    const all = JSON.stringify(EVENT_TYPES.map((t) => exampleEvent(t)));
    expect(all).not.toMatch(/"(idNumber|credentialNo|dcardId|photo|avatar|face|qrcode|pass)":/);
  });
});
