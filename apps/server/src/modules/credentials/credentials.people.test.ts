import { describe, expect, it } from 'vitest';
import { contentFor, digestOf, type Person, type Terminal } from './credentials.people.js';

const person = (over: Partial<Person> = {}): Person => ({
  kind: 'employee',
  id: 7,
  name: 'Emma',
  photo: 'faces/emma.jpg',
  cardNo: 'OWN1',
  tempCard: '',
  qr: '',
  passLimit: null,
  plate: '',
  validFrom: null,
  validTo: null,
  groups: [1],
  ...over,
});
const terminal = (driver: Terminal['driver'], kind: Terminal['kind']): Terminal => ({ id: 1, groups: [1], driver, kind });

describe('what each device holds of a person (contentFor)', () => {
  it('a temporary card is a second card on Hikvision, the card while lent where a device keeps one', () => {
    const lent = person({ tempCard: 'TMP1' });
    expect(contentFor(terminal('hikvision', 'face'), lent)).toMatchObject({ cardNo: 'OWN1', tempCard: 'TMP1' });
    expect(contentFor(terminal('hikvision', 'card'), lent)).toMatchObject({ photo: '', cardNo: 'OWN1', tempCard: 'TMP1' });
    expect(contentFor(terminal('zkteco', 'face'), lent)).toMatchObject({ cardNo: 'TMP1', tempCard: '' });
    expect(contentFor(terminal('openvisit', 'face'), lent)).toMatchObject({ cardNo: 'TMP1', tempCard: '' });
    // A temporary card alone brings a person without face or card to a card reader.
    expect(contentFor(terminal('zkteco', 'card'), person({ photo: '', cardNo: '', tempCard: 'TMP2' }))).toMatchObject({ cardNo: 'TMP2' });
    // Our face terminals take only people with a face.
    expect(contentFor(terminal('openvisit', 'face'), person({ photo: '', tempCard: 'TMP2' }))).toBeNull();
  });

  it('the digest of a person without a temporary card is what it was before the field existed', () => {
    const plain = person();
    // Computed by the code before temporary cards: no re-push of everyone after the upgrade.
    expect(digestOf(plain, [1])).toBe('9jOeacSFSqcp-pvJvc3QYf');
    expect(digestOf({ ...plain, tempCard: 'TMP1' }, [1])).not.toBe('9jOeacSFSqcp-pvJvc3QYf');
  });
});
