/** On site now: the live board and the evacuation list. */
export const onsiteEn = {
  title: 'On site now',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  asOf: 'As of {{time}}',
  print: 'Print evacuation list',
  pdf: 'PDF',
  xlsx: 'Excel',
  downloaded: 'Evacuation list downloaded',
  people: 'People on site',
  empty: 'Nobody is on site now',
  noGate: 'No gate',
  gatePeople_one: '{{count}} person',
  gatePeople_other: '{{count}} people',
  printTitle: 'Evacuation list',
  printedAt: 'Printed {{time}}',
  columns: { name: 'Name', phone: 'Phone', host: 'Host', since: 'Signed in', people: 'People', kind: 'Kind', rollCall: 'Present' },
};
